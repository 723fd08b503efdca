/** Tables of the contacts area (schema version 2). */
import { avatarImagesDdl } from './avatar-images';
import { contactQueriesDdl } from './contact-queries';
import { contactSettingsDdl } from './contact-settings';
import { permissionsDdl } from './permissions';

/** Tables of the contacts area, plus expression indexes that `Gets all users of type` and saved queries use. */
export const contactsAreaDdl = `${permissionsDdl}${contactSettingsDdl}${contactQueriesDdl}${avatarImagesDdl}
CREATE INDEX contacts_type ON contacts (json_extract(data, '$.type'), last_name, first_name, id);
`;
