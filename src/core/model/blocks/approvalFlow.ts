/**
 * The approval flow diagram (#31, beyond the spec): the instance's process as a graph. It reads no
 * record field: the process comes with the approval print source, so the block works in any
 * approval-bound template. New in schema version 1 as an added type, so no migration: older
 * content never holds it, and an older client reads it as an unknown block.
 */
import { z } from 'zod';
import type { ApprovalFlowConfig } from '../types';
import { defineBlock } from './define';
import { blockBase } from './parts';

export const DEFAULT_APPROVAL_FLOW_CONFIG: Readonly<ApprovalFlowConfig> = Object.freeze({
  direction: 'TB',
  approvers: true,
  outcome: true,
  time: false,
});

export const ApprovalFlowConfigSchema = z.object({
  direction: z.enum(['TB', 'LR']).default(DEFAULT_APPROVAL_FLOW_CONFIG.direction),
  approvers: z.boolean().default(DEFAULT_APPROVAL_FLOW_CONFIG.approvers),
  outcome: z.boolean().default(DEFAULT_APPROVAL_FLOW_CONFIG.outcome),
  time: z.boolean().default(DEFAULT_APPROVAL_FLOW_CONFIG.time),
});

export const approvalFlowBlock = defineBlock({
  type: 'approvalFlow',
  schema: z.object({ ...blockBase, type: z.literal('approvalFlow'), flow: ApprovalFlowConfigSchema.prefault({}) }),
  create: () => ({ flow: { ...DEFAULT_APPROVAL_FLOW_CONFIG } }),
  dependencies: () => ({}),
});
