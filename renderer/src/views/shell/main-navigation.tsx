/** The main navigation: one button per view of the registry, with the view's badge (unread notifications); a view's `navGate` hides it from those it is not for. */
import { Fragment } from 'react';
import { Icon } from '../../components/icon';
import { modKey, modifierAria } from '../../lib/platform-keys';
import { useUi } from '../../stores/stores-context';
import { viewList } from '../registry';

/** Renders the navigation; the current view's button carries aria-current="page". */
export function MainNavigation() {
  const view = useUi((state) => state.view);
  const setView = useUi((state) => state.setView);

  return (
    <nav aria-label="Main" className="main-nav">
      <ul>
        {viewList.map((item) => {
          const Badge = item.badge ?? null;
          const Gate = item.navGate ?? Fragment;
          return (
            <Gate key={item.name}>
              <li className="main-nav-item">
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
            </Gate>
          );
        })}
      </ul>
    </nav>
  );
}
