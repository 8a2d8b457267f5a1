/// <reference lib="webworker" />
/** Browser worker that assembles a print run (merged PDF or ZIP) off the UI thread. */
import * as Comlink from 'comlink';
import { batchWorkerApi } from './batch-api';

Comlink.expose(batchWorkerApi);
