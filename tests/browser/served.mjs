// What the tests of gpucompare serve share: a one-offer catalog written to
// a temporary root, and the binary serving it.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { patience } from './patience.mjs';

export const BIN = path.resolve(process.env.GPUCOMPARE || 'bin/gpucompare');

// awsPrices is AWS's price file holding one on-demand price of instance.
export const awsPrices = (instance, amount) => `provider: aws
prices:
  - instance: ${instance}
    region: us-east-1
    model: on_demand
    amount: ${amount}
    currency: USD
    since: 2025-06-01
    source: https://example.com/price
    source_kind: provider
`;

// oneOfferCatalog is a site root's files: one GPU, AWS with one instance
// type (p4d.24xlarge) and its on-demand price, and site.yaml.
export function oneOfferCatalog(site) {
  return {
    'data/site.yaml': site,
    'data/gpus/a100.yaml': `id: a100
name: A100 SXM4 40GB
model: A100
vendor: NVIDIA
dense:
  fp32: 19.5
source: https://example.com/a100
`,
    'data/providers/aws.yaml': `id: aws
name: AWS
kind: public_cloud
currency: USD
regions:
  - id: us-east-1
instances:
  - id: p4d.24xlarge
    name: p4d.24xlarge
    gpu: a100
    gpu_count: 8
    regions: [us-east-1]
    source: https://example.com/p4d
`,
    'data/prices/aws.yaml': awsPrices('p4d.24xlarge', '32.77'),
  };
}

// writeRoot writes files (relative path: text) to a new temporary folder
// named after prefix and returns it.
export function writeRoot(prefix, files) {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [rel, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), data);
  }
  return root;
}

// serveRoot starts gpucompare serve of root on addr and resolves with the
// child process (child.log: its stderr; child.exited: its exit) and the URL
// it prints once it listens.
export function serveRoot(root, addr = '127.0.0.1:0') {
  const child = spawn(BIN, ['serve', '-root', root, '-addr', addr], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.log = '';
  child.stderr.on('data', (d) => (child.log += d));
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve printed no URL within 60s:\n${out}\n${child.log}`)), patience(60_000));
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/ at (http:\/\/127\.0\.0\.1:\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.exited.then(({ code }) => reject(new Error(`serve exited with ${code} before listening:\n${child.log}`)));
  });
}
