// Types of scripts/vite-worker-bengali.mjs for the configs that import it.
import type { Plugin } from 'vite';
export function workerBengaliAsset(): Plugin;
export function writeWorkerBengali(dir: string): Promise<string>;
