/** The shortcuts help (`?`): every global shortcut and each view's own keys, from the lists that drive them. */
import { Dialog } from '../../components/dialog';
import { useUi } from '../../stores/stores-context';
import { viewList } from '../registry';
import { describeKeys, globalShortcuts } from './shortcuts';

function ShortcutTable({ caption, rows }: { caption: string; rows: ReadonlyArray<{ keys: string; label: string }> }) {
  return (
    <table className="shortcut-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.keys}-${row.label}`}>
            <th scope="row">
              {row.keys.split(' or ').map((keys, index) => (
                <span key={keys}>
                  {index > 0 ? ' or ' : null}
                  <kbd>{keys}</kbd>
                </span>
              ))}
            </th>
            <td>{row.label}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Renders the help while the `help` overlay is open. */
export function ShortcutsHelp() {
  const open = useUi((state) => state.overlay === 'help');
  const setOverlay = useUi((state) => state.setOverlay);
  return (
    <Dialog open={open} title="Keyboard shortcuts" onClose={() => setOverlay(null)}>
      <ShortcutTable
        caption="Everywhere"
        rows={[
          ...globalShortcuts.map((shortcut) => ({ keys: describeKeys(shortcut), label: shortcut.label })),
          { keys: 'Esc', label: 'Close a dialog, or clear a search' },
        ]}
      />
      {viewList.map((view) =>
        view.shortcuts?.length ? <ShortcutTable key={view.name} caption={view.label} rows={view.shortcuts} /> : null,
      )}
    </Dialog>
  );
}
