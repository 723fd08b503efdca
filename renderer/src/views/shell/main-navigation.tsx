/**
 * The main navigation: one button per view of the registry, with the view's badge (unread
 * notifications); a view with `for` shows only to those its operations' access rules allow.
 */
import { Icon } from '../../components/icon';
import { modKey, modifierAria } from '../../lib/platform-keys';
import { allowsAnyOf, useCaller } from '../../lib/use-access';
import { useUi } from '../../stores/stores-context';
import { viewList } from '../registry';

/** Renders the navigation; the current view's button carries aria-current="page". */
export function MainNavigation() {
  const view = useUi((state) => state.view);
  const setView = useUi((state) => state.setView);
  const caller = useCaller();

  return (
    <nav aria-label="Main" className="main-nav">
      <ul>
        {viewList.map((item) => {
          const Badge = item.badge ?? null;
          if (item.for && !allowsAnyOf(caller, item.for)) return null;
          return (
            <li key={item.name} className="main-nav-item">
              <button
                type="button"
                className="main-nav-button"
                aria-current={item.name === view ? 'page' : undefined}
                aria-keyshortcuts={item.shortcut ? `${modifierAria}+${item.shortcut}` : undefined}
                title={item.shortcut ? `${item.label} (${modKey(item.shortcut)})` : item.label}
                onClick={() => setView(item.name)}
              >
                <Icon name={item.icon} />
                <span>{item.label}</span>
              </button>
              {Badge ? <Badge /> : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
