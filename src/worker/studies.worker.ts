// The studies' worker: one wasm instance of the studies module holding the
// core's farmed studies (worker/studies-api.ts) while the pool's simulation
// workers run their jobs. Calls made while the module instantiates wait for
// it.
import * as Comlink from 'comlink';
import init, * as wasm from '../wasm-pkg/tierplan_studies';
import { afterReady } from '../engine/remote';
import { createStudiesApi } from './studies-api';

Comlink.expose(afterReady(createStudiesApi(wasm), init()));
