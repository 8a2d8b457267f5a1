import type { StorageContext } from '../context';
import { write } from '../context';
import type { ApprovalDefinitionRow, ApprovalInstanceRow } from '../types';

export function createApprovalRepo(ctx: StorageContext) {
  const { db } = ctx;
  return {
    listDefinitions(): Promise<ApprovalDefinitionRow[]> {
      return db.approvalDefinitions.toArray();
    },
    getDefinition(code: string): Promise<ApprovalDefinitionRow | undefined> {
      return db.approvalDefinitions.get(code);
    },
    listInstances(approvalCode: string): Promise<ApprovalInstanceRow[]> {
      return db.approvalInstances.where('approvalCode').equals(approvalCode).toArray();
    },
    countInstances(approvalCode: string): Promise<number> {
      return db.approvalInstances.where('approvalCode').equals(approvalCode).count();
    },
    getInstance(code: string): Promise<ApprovalInstanceRow | undefined> {
      return db.approvalInstances.get(code);
    },
    /** Insert or replace a definition together with (some of) its instances. */
    async put(definition: ApprovalDefinitionRow, instances: ApprovalInstanceRow[] = []): Promise<void> {
      await write(
        ctx,
        { action: 'approval.put', stores: ['approvalDefinitions', 'approvalInstances'], keys: [definition.code] },
        async () => {
          await db.approvalDefinitions.put(definition);
          if (instances.length > 0) await db.approvalInstances.bulkPut(instances);
        },
      );
    },
    async deleteDefinition(code: string): Promise<void> {
      await write(
        ctx,
        { action: 'approval.delete', stores: ['approvalDefinitions', 'approvalInstances'], keys: [code] },
        async () => {
          await db.approvalInstances.where('approvalCode').equals(code).delete();
          await db.approvalDefinitions.delete(code);
        },
      );
    },
  };
}

export type ApprovalRepo = ReturnType<typeof createApprovalRepo>;
