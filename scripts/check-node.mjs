#!/usr/bin/env node
/**
 * First step of every npm script a newcomer runs (npm test, npm run build, npm start, npm run demo, ...):
 * on a Node that cannot run this repository's `.ts` files, one line naming the Node needed and how to
 * get it, exit 1, before anything else starts. Plain JavaScript so that any Node loads it.
 */
import { MINIMUM_NODE_REPOSITORY, requireSupportedNode } from '../demo/bin/node-version.mjs';

requireSupportedNode(process.versions.node, MINIMUM_NODE_REPOSITORY, 'esign-elements (building, testing and running from the repository)');
