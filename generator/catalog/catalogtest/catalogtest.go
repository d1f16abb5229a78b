// Package catalogtest loads small catalogs written inline as txtar
// archives, for the tests of the stages that take a catalog.
package catalogtest

import (
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"

	"gpucompare/generator/catalog"
)

// Load loads the site root an archive describes (-- data/site.yaml -- …)
// and fails the test if the catalog has errors.
func Load(t testing.TB, archive string) (*catalog.Catalog, catalog.Report) {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, f := range txtar.Parse([]byte(archive)).Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	cat, r := catalog.Load(fsys)
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatalf("the test catalog does not load:\n%s", errs)
	}
	return cat, r
}

// MainlandIntlSite is a catalog (txtar) of three A100 offers of a China
// cloud whose regions are all in mainland China but one: 9.8 CNY an hour
// in Beijing (1.4 USD at 7), 1.2 USD in Guangzhou (its international
// site's list price, the cheapest per GPU-hour), 1.1 USD in Singapore.
const MainlandIntlSite = `
-- data/site.yaml --
title: T
currency: USD
-- data/fx.yaml --
rates:
  - {base: USD, quote: CNY, rate: 7, date: 2026-07-01, source: s}
-- data/gpus/a100.yaml --
{id: a100, name: A100, model: A100, vendor: NVIDIA, memory_gb: 80, source: s}
-- data/providers/cn.yaml --
id: cn
name: China cloud
kind: public_cloud
currency: CNY
regions: [{id: ap-beijing, geo: china-mainland}, {id: ap-guangzhou, geo: china-mainland}, {id: ap-singapore, geo: asia-pacific}]
instances:
  - {id: gpu, name: GPU, gpu: a100, gpu_count: 1, regions: [ap-beijing, ap-guangzhou, ap-singapore], source: s}
-- data/prices/cn.yaml --
provider: cn
prices:
  - {instance: gpu, region: ap-beijing, model: on_demand, amount: 9.8, currency: CNY, since: 2026-06-01, source: s, source_kind: provider}
  - {instance: gpu, region: ap-guangzhou, model: on_demand, amount: 1.2, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
  - {instance: gpu, region: ap-singapore, model: on_demand, amount: 1.1, currency: USD, since: 2026-06-01, source: s, source_kind: provider}
`
