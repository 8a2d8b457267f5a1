/**
 * The npm package's hand-written types (packages/quire-host/index.d.ts) checked against the SDK
 * itself on every typecheck: a handler typed by the package is a handler the SDK accepts, each
 * method's result type is the protocol's, and the package's options and host are the SDK's.
 */
import type * as Package from '../../../packages/quire-host/index';
import type { HostMethod, MethodResult } from '../protocol';
import type { Handlers, HostOptions, QuireHost } from './quireHost';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Methods = Exclude<HostMethod, 'hello'>;

// Every method the SDK answers is in the package's map, and no other.
export const sameMethods: Same<keyof Package.MethodMap, Methods> = true;

// Each result type is the protocol's (the SDK checks answers against these before posting).
export const sameResults: { [M in Methods]: Same<Package.MethodMap[M]['result'], MethodResult<M>> } = {
  'base.getSelection': true,
  'base.getTables': true,
  'base.getFieldMetaList': true,
  'base.getRecordIds': true,
  'base.getRecords': true,
  'base.getMetaTable': true,
  'base.addRecord': true,
  'base.setRecord': true,
  'base.deleteRecord': true,
  'approval.getContext': true,
  'approval.getDefinition': true,
  'approval.getInstance': true,
};

// What a host writes against the package is what the SDK takes, and what it gets back is the package's.
export const options = (value: Package.HostOptions): HostOptions => value;
export const handlers = (value: Package.Handlers): Handlers => value;
export const host = (value: QuireHost): Package.QuireHost => value;
