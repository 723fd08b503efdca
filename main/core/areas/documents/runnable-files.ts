/**
 * Downloaded files that can run code when opened (docs/SECURITY.md, "Opening downloaded files"):
 * programs, scripts, installers, shortcuts, disk images and the like. `documents.open` does not
 * open such a file until the user confirms a warning that names its type.
 *
 * The list is this project's own; no maintained list of these types exists as a package. It covers
 * what Windows, macOS and the common Linux desktops run or install when a file is opened (double
 * click, `ShellExecute`, `open`, `xdg-open`). A file counts when the last extension of its name
 * (case-insensitive, trailing dots and spaces ignored as Windows ignores them: `invoice.pdf.exe`,
 * `INVOICE.EXE.` are programs) or its content type is listed, or when it carries an executable
 * permission bit (POSIX). Web pages (`.html`) are not listed: they open in a browser, which runs
 * their scripts in its sandbox, and browser mode serves them sandboxed (main/host/http-routes.ts).
 * Documents with macros (`.docm`, `.xlsm`) are left to the Office apps, which check them
 * themselves against the download mark (`Platform.markDownloaded`). Names as generic as `.bin` or
 * `.out` (firmware, data, logs) are not listed: a Linux program without an extension is caught by
 * its executable bit.
 */

/** A kind of runnable file: how the warning names it. */
export interface RunnableKind {
  /** The type in words, with its article: "a Windows program". */
  label: string;
}

const kinds = {
  windowsProgram: { label: 'a Windows program' },
  windowsInstaller: { label: 'a Windows installer' },
  windowsScript: { label: 'a Windows script' },
  htmlApplication: { label: 'an HTML application' },
  shortcut: { label: 'a shortcut' },
  registry: { label: 'a Windows registry file' },
  controlPanel: { label: 'a Windows system file' },
  accessProgram: { label: 'a Microsoft Access program' },
  help: { label: 'a compiled help file' },
  java: { label: 'a Java program' },
  macApp: { label: 'a macOS application' },
  macInstaller: { label: 'a macOS installer' },
  macScript: { label: 'a macOS script' },
  diskImage: { label: 'a disk image' },
  linuxProgram: { label: 'a Linux program' },
  linuxInstaller: { label: 'a Linux installer package' },
  shellScript: { label: 'a shell script' },
  script: { label: 'a script' },
  executable: { label: 'a program (it is marked executable)' },
} as const satisfies Record<string, RunnableKind>;

/** Runnable extensions (lower case, without the dot) → kind. */
const byExtension: ReadonlyMap<string, RunnableKind> = new Map(
  (
    [
      [kinds.windowsProgram, 'exe com scr pif cpl dll ocx sys drv gadget application appref-ms xbap xll vxd'],
      [kinds.windowsInstaller, 'msi msp mst msix msixbundle appx appxbundle appinstaller diagcab'],
      [
        kinds.windowsScript,
        'bat cmd btm ps1 ps1xml ps2 ps2xml psc1 psc2 psd1 psm1 pssc cdxml msh msh1 msh2 mshxml msh1xml msh2xml vb vbe vbs js jse wsf wsh ws wsc sct',
      ],
      [kinds.htmlApplication, 'hta'],
      [
        kinds.shortcut,
        'lnk url scf website settingcontent-ms library-ms search-ms searchconnector-ms webloc inetloc fileloc desktop',
      ],
      [kinds.registry, 'reg'],
      [kinds.controlPanel, 'inf msc ins isp job'],
      [kinds.accessProgram, 'ade adp mda mde mdz accde'],
      [kinds.help, 'chm hlp'],
      [kinds.java, 'jar jnlp class'],
      [kinds.macApp, 'app action workflow prefpane osax kext saver plugin widget terminal'],
      [kinds.macInstaller, 'pkg mpkg'],
      [kinds.macScript, 'command tool scpt scptd applescript'],
      [kinds.diskImage, 'dmg iso img vhd vhdx'],
      [kinds.linuxProgram, 'appimage run'],
      [kinds.linuxInstaller, 'deb rpm snap flatpak flatpakref flatpakrepo'],
      [kinds.shellScript, 'sh bash zsh csh tcsh ksh fish'],
      [kinds.script, 'py pyc pyo pyw pyz pyzw pl pm rb php lua tcl'],
    ] as const
  ).flatMap(([kind, list]) => list.split(' ').map((extension) => [extension, kind] as const)),
);

/** Runnable content types (lower case essence, RFC 9110 §8.3.1) → kind. */
const byContentType: ReadonlyMap<string, RunnableKind> = new Map(
  (
    [
      [
        kinds.windowsProgram,
        'application/x-msdownload application/x-msdos-program application/x-dosexec application/vnd.microsoft.portable-executable application/x-ms-application application/x-ms-dos-executable application/x-winexe',
      ],
      [
        kinds.windowsInstaller,
        'application/x-msi application/x-ms-installer application/x-ole-storage application/msix application/appx',
      ],
      [
        kinds.windowsScript,
        'application/x-bat application/bat application/x-msbatch text/x-msdos-batch application/x-powershell text/vbscript application/x-vbscript text/javascript application/javascript application/x-javascript application/ecmascript text/jscript',
      ],
      [kinds.htmlApplication, 'application/hta'],
      [kinds.shortcut, 'application/x-ms-shortcut application/x-mswinurl application/x-desktop'],
      [kinds.registry, 'text/x-ms-regedit application/x-wine-extension-reg'],
      [kinds.help, 'application/vnd.ms-htmlhelp application/x-chm'],
      [
        kinds.java,
        'application/java-archive application/x-java-archive application/x-java-jnlp-file application/java-vm',
      ],
      [kinds.macInstaller, 'application/vnd.apple.installer+xml application/x-newton-compatible-pkg'],
      [kinds.macScript, 'application/x-apple-script'],
      [kinds.diskImage, 'application/x-apple-diskimage application/x-iso9660-image application/x-raw-disk-image'],
      [
        kinds.linuxProgram,
        'application/x-executable application/x-elf application/x-sharedlib application/x-mach-binary application/x-mach-o-executable application/vnd.appimage application/x-appimage',
      ],
      [
        kinds.linuxInstaller,
        'application/vnd.debian.binary-package application/x-debian-package application/x-rpm application/x-redhat-package-manager application/vnd.snap application/vnd.flatpak application/vnd.flatpak.ref',
      ],
      [kinds.shellScript, 'application/x-sh application/x-shellscript text/x-shellscript text/x-sh application/x-csh'],
      [
        kinds.script,
        'text/x-python application/x-python-code text/x-perl application/x-perl text/x-ruby application/x-ruby application/x-php',
      ],
    ] as const
  ).flatMap(([kind, list]) => list.split(' ').map((type) => [type, kind] as const)),
);

/** What is known about a file to be opened. */
export interface FileFacts {
  /** The file's name (the saved file's, and/or the document's). */
  names: readonly string[];
  /** The content type the service stated, if any (parameters allowed: `text/x-sh; charset=utf-8`). */
  contentType?: string | null;
  /** The file's POSIX mode bits (from `stat`), when known; on Windows leave it out. */
  mode?: number | null;
}

/** The last extension of `name`, lower case, without the dot ('' when none); trailing dots and spaces are ignored. */
export function lastExtension(name: string): string {
  const trimmed = name.replace(/[. ]+$/, '');
  const base = trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/**
 * The kind of runnable file `facts` describe, or null when the file does not run code when
 * opened. The first match wins: a name's last extension, then the content type, then an
 * executable permission bit.
 */
export function runnableKind(facts: FileFacts): RunnableKind | null {
  for (const name of facts.names) {
    const kind = byExtension.get(lastExtension(name));
    if (kind) return kind;
  }
  const essence = facts.contentType?.split(';')[0].trim().toLowerCase();
  const byType = essence ? byContentType.get(essence) : undefined;
  if (byType) return byType;
  if (typeof facts.mode === 'number' && (facts.mode & 0o111) !== 0) return kinds.executable;
  return null;
}

/**
 * The warning shown before opening runnable file `fileName` of `kind`:
 * "invoice.pdf.exe is a Windows program: it can run code on your computer. Open it only if you
 * trust where it came from."
 */
export function runnableWarning(fileName: string, kind: RunnableKind): string {
  return `${fileName} is ${kind.label}: it can run code on your computer. Open it only if you trust where it came from.`;
}
