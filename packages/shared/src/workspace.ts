import { z } from 'zod';
import { BINDER_STATES, DATA_TYPES } from './constants.js';

const when = z.iso.datetime({ offset: true });

/** A binder as My Workspace shows it: its state, how many items it holds, when one last changed. */
export const workspaceBinderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  binder_state: z.enum(BINDER_STATES).nullable(),
  item_count: z.number().int(),
  /** The latest change of the binder or anything in it. */
  last_change: when,
});
export type WorkspaceBinder = z.infer<typeof workspaceBinderSchema>;

/** A drawer with its binders; `item_count` counts the items in the drawer itself, not in its binders. */
export const workspaceDrawerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  item_count: z.number().int(),
  last_change: when,
  binders: z.array(workspaceBinderSchema),
});
export type WorkspaceDrawer = z.infer<typeof workspaceDrawerSchema>;

/** An item recently filed or changed in a drawer or binder, and where it is. */
export const workspaceChangeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  data_type: z.enum(DATA_TYPES),
  updated_at: when,
  folder_id: z.uuid(),
  folder_name: z.string(),
});
export type WorkspaceChange = z.infer<typeof workspaceChangeSchema>;

/** `GET /api/desk/workspace`: every drawer and binder (by name), and the latest changes in them. */
export const workspaceSchema = z.object({
  drawers: z.array(workspaceDrawerSchema),
  recent: z.array(workspaceChangeSchema),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** How many recent changes My Workspace lists. */
export const WORKSPACE_RECENT_MAX = 8;
