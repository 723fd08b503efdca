/**
 * A region a file is dropped on, with a "Choose file…" button for the keyboard (react-dropzone, as
 * document uploads use it). One file at a time; what the file holds is checked by the core, which
 * says in words why it refuses one.
 */
import type { ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { Icon } from '../../components/icon';

/** Props of `FileDropZone`. */
export interface FileDropZoneProps {
  /** The region's accessible name ("Drop an import mapping file"). */
  label: string;
  /** Words of the button ("Choose a mapping file…"). */
  buttonLabel: string;
  /** The accessible name of the zone's hidden file input ("Mapping file to upload"). */
  fileLabel: string;
  /** Called with the first file dropped or chosen. */
  onFile(file: File): void;
  /** What the zone says (what to drop, limits). */
  children: ReactNode;
  disabled?: boolean;
}

/** Renders the drop region with its prompt and button. */
export function FileDropZone({ label, buttonLabel, fileLabel, onFile, children, disabled }: FileDropZoneProps) {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (files) => {
      if (files[0]) onFile(files[0]);
    },
    noClick: true,
    noKeyboard: true,
    multiple: false,
    disabled,
  });
  return (
    <section
      {...getRootProps({
        role: 'region',
        'aria-label': label,
        className: isDragActive ? 'file-drop-zone drop-zone drop-zone-active' : 'file-drop-zone drop-zone',
      })}
    >
      <input {...getInputProps({ 'aria-label': fileLabel })} />
      <div className="file-drop-zone-text">{children}</div>
      <button type="button" className="button" onClick={open} disabled={disabled}>
        <Icon name="upload" size={16} />
        <span>{buttonLabel}</span>
      </button>
    </section>
  );
}
