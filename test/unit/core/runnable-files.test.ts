import { describe, expect, it } from 'vitest';
import { lastExtension, runnableKind, runnableWarning } from '../../../main/core/areas/documents/runnable-files';

const kindOf = (name: string, contentType: string | null = null, mode: number | null = null) =>
  runnableKind({ names: [name], contentType, mode })?.label ?? null;

describe('runnable files', () => {
  it.each([
    ['setup.exe', 'a Windows program'],
    ['SETUP.EXE', 'a Windows program'],
    ['invoice.pdf.exe', 'a Windows program'],
    ['invoice.pdf.exe.', 'a Windows program'],
    ['invoice.pdf.exe  ', 'a Windows program'],
    ['screensaver.scr', 'a Windows program'],
    ['old.pif', 'a Windows program'],
    ['panel.cpl', 'a Windows program'],
    ['install.msi', 'a Windows installer'],
    ['app.msix', 'a Windows installer'],
    ['run.bat', 'a Windows script'],
    ['run.CMD', 'a Windows script'],
    ['tool.ps1', 'a Windows script'],
    ['macro.vbs', 'a Windows script'],
    ['payload.js', 'a Windows script'],
    ['payload.jse', 'a Windows script'],
    ['job.wsf', 'a Windows script'],
    ['app.hta', 'an HTML application'],
    ['Report.lnk', 'a shortcut'],
    ['site.url', 'a shortcut'],
    ['launcher.desktop', 'a shortcut'],
    ['link.webloc', 'a shortcut'],
    ['settings.reg', 'a Windows registry file'],
    ['help.chm', 'a compiled help file'],
    ['tool.jar', 'a Java program'],
    ['Installer.app', 'a macOS application'],
    ['Run.command', 'a macOS script'],
    ['Setup.pkg', 'a macOS installer'],
    ['Disk.dmg', 'a disk image'],
    ['Open.terminal', 'a macOS application'],
    ['Automate.workflow', 'a macOS application'],
    ['install.iso', 'a disk image'],
    ['install.sh', 'a shell script'],
    ['installer.run', 'a Linux program'],
    ['Tool-x86_64.AppImage', 'a Linux program'],
    ['package.deb', 'a Linux installer package'],
    ['package.rpm', 'a Linux installer package'],
    ['script.py', 'a script'],
    ['orders.accde', 'a Microsoft Access program'],
  ])('%s is %s', (name, label) => {
    expect(kindOf(name)).toBe(label);
  });

  it.each([
    'Quote 2026.pdf',
    'invoice.exe.pdf',
    'notes.txt',
    'photo.JPEG',
    'contract.docx',
    'budget.xlsx',
    'page.html',
    'archive.zip',
    'exe',
    '.exe',
    'README',
    'setup.exe.txt',
    'firmware.bin',
    'certificate.crt',
  ])('%s is not runnable', (name) => {
    expect(kindOf(name)).toBeNull();
  });

  it('reads the last extension, ignoring trailing dots and spaces and any folder', () => {
    expect(lastExtension('invoice.pdf.exe')).toBe('exe');
    expect(lastExtension('INVOICE.PDF.EXE. . ')).toBe('exe');
    expect(lastExtension('folder.exe/readme')).toBe('');
    expect(lastExtension('C:\\dir.exe\\file.txt')).toBe('txt');
    expect(lastExtension('.bashrc')).toBe('');
  });

  it('matches the content type the service states, whatever the name', () => {
    expect(kindOf('report', 'application/x-msdownload')).toBe('a Windows program');
    expect(kindOf('report', 'Application/X-MSDownload; charset=binary')).toBe('a Windows program');
    expect(kindOf('report', 'application/x-sh')).toBe('a shell script');
    expect(kindOf('report', 'application/vnd.debian.binary-package')).toBe('a Linux installer package');
    expect(kindOf('report', 'application/x-apple-diskimage')).toBe('a disk image');
    expect(kindOf('report', 'application/java-archive')).toBe('a Java program');
    expect(kindOf('report', 'application/hta')).toBe('an HTML application');
    expect(kindOf('report.pdf', 'application/pdf')).toBeNull();
    expect(kindOf('page.html', 'text/html')).toBeNull();
  });

  it('counts a file with an executable permission bit as a program', () => {
    expect(kindOf('tool', null, 0o100755)).toBe('a program (it is marked executable)');
    expect(kindOf('tool', null, 0o100744)).toBe('a program (it is marked executable)');
    expect(kindOf('tool', null, 0o100644)).toBeNull();
  });

  it('checks every name it is given: the saved file’s and the document’s', () => {
    expect(runnableKind({ names: ['download', 'setup.exe'] })?.label).toBe('a Windows program');
  });

  it('words the warning with the file name and its type', () => {
    const kind = runnableKind({ names: ['invoice.pdf.exe'] });
    if (!kind) throw new Error('not runnable');
    expect(runnableWarning('invoice.pdf.exe', kind)).toBe(
      'invoice.pdf.exe is a Windows program: it can run code on your computer. Open it only if you trust where it came from.',
    );
  });
});
