/** The groups-spend-cmt area of the service (see `./area.ts`): groups of contacts, spend, CMT records. */
import { cmtDdl } from '../db/cmt';
import { groupsDdl } from '../db/groups';
import { spendDdl } from '../db/spend';
import { seedGroups } from '../demo/groups';
import { seedSpendAndCmt } from '../demo/spend-cmt';
import { groupHandlers } from '../operations/groups';
import { spendCmtHandlers } from '../operations/spend-cmt';
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the groups-spend-cmt area. */
export const groupsSpendCmtArea: ServiceArea = {
  name: 'groups-spend-cmt',
  ddl: [groupsDdl, spendDdl, cmtDdl].join('\n'),
  handlers: (deps) => ({ ...groupHandlers(deps), ...spendCmtHandlers(deps) }),
  seed: (ctx) => {
    seedGroups(ctx, ctx.repos.groups);
    seedSpendAndCmt(ctx, ctx.repos);
  },
};
