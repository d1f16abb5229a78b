package guide

import (
	"testing"

	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// mlpsCatalog: four providers with the same A100 offer. cn states MLPS
// level 3 and lists one certification; big lists five foreign ones and
// has no MLPS record; filed states a filing without a level; quiet's
// pages state none.
const mlpsCatalog = `
-- data/site.yaml --
title: T
currency: USD
-- data/gpus/a100.yaml --
{id: a100, name: A100 SXM4 80GB, model: A100, vendor: NVIDIA, memory_gb: 80, dense: {fp16_bf16: 312}, source: s}
-- data/providers/cn.yaml --
id: cn
name: CN Cloud
kind: china_cloud
currency: USD
certifications: {list: [ISO 27001], source: s}
mlps: {level: 3, checked: 2026-12-01, source: https://example.com/mlps}
regions: [{id: r1}]
instances:
  - {id: cn-a100, name: cn.a100, gpu: a100, gpu_count: 1, regions: [r1], source: s}
-- data/providers/big.yaml --
id: big
name: Big Cloud
kind: public_cloud
currency: USD
certifications: {list: [SOC 1, SOC 2, ISO 27001, ISO 27017, PCI DSS], source: s}
regions: [{id: r1}]
instances:
  - {id: big-a100, name: big.a100, gpu: a100, gpu_count: 1, regions: [r1], source: s}
-- data/providers/filed.yaml --
id: filed
name: Filed Cloud
kind: china_cloud
currency: USD
mlps: {level: none-stated, filed: true, checked: 2026-12-01, source: https://example.com/mlps}
regions: [{id: r1}]
instances:
  - {id: filed-a100, name: filed.a100, gpu: a100, gpu_count: 1, regions: [r1], source: s}
-- data/providers/quiet.yaml --
id: quiet
name: Quiet Cloud
kind: china_cloud
currency: USD
mlps: {level: none-stated, checked: 2026-12-01, source: https://example.com/mlps}
regions: [{id: r1}]
instances:
  - {id: quiet-a100, name: quiet.a100, gpu: a100, gpu_count: 1, regions: [r1], source: s}
-- data/prices/cn.yaml --
provider: cn
prices:
  - {instance: cn-a100, region: r1, model: on_demand, amount: 2, currency: USD, since: 2026-11-01, source: s, source_kind: provider}
`

// TestMLPSIsScoredByLevelApartFromTheCount: MLPS (等保) is a criterion of
// its own, scored by the level stated — level 3 100 however many foreign
// certificates another lists, a filing without a level 50, none stated 0,
// no record unknown — and the count of certifications leaves it out, so
// level 3 and one certificate do not weigh as two certificates.
func TestMLPSIsScoredByLevelApartFromTheCount(t *testing.T) {
	cat := load(t, mlpsCatalog)
	offers := pricing.Offers(cat, "USD")
	criteria := []*catalog.Criterion{
		{ID: "mlps", Measure: "mlps_level", Better: "higher", Weight: 1},
		{ID: "certs", Measure: "certifications", Better: "higher", Weight: 1},
	}
	by := map[string]*Scored{}
	for _, s := range Score(cat, offers, criteria, "") {
		by[s.Provider.ID] = s
	}
	cn, big, filed, quiet := by["cn"], by["big"], by["filed"], by["quiet"]
	if cn.Scores["mlps"] != 100 || filed.Scores["mlps"] != 50 || quiet.Scores["mlps"] != 0 {
		t.Errorf("MLPS scores: cn %v, filed %v, quiet %v; want 100, 50, 0", cn.Scores["mlps"], filed.Scores["mlps"], quiet.Scores["mlps"])
	}
	if _, ok := quiet.Scores["mlps"]; !ok {
		t.Error("an MLPS record that states none is unknown; want 0: the pages were read")
	}
	if _, ok := big.Scores["mlps"]; ok {
		t.Error("a provider with no MLPS record was scored on MLPS; want unknown")
	}
	if cn.Scores["mlps"] <= big.Scores["mlps"] {
		t.Errorf("MLPS: level 3 scores %v, five foreign certificates %v: want level 3 higher", cn.Scores["mlps"], big.Scores["mlps"])
	}
	// The count: cn lists 1 (MLPS left out), big 5: 20 and 100.
	if cn.Values["certs"] != 1 || big.Values["certs"] != 5 || !near(cn.Scores["certs"], 20) || big.Scores["certs"] != 100 {
		t.Errorf("certifications: cn %v (%v), big %v (%v); want 1 (20) and 5 (100), MLPS not counted", cn.Values["certs"], cn.Scores["certs"], big.Values["certs"], big.Scores["certs"])
	}
	if _, ok := filed.Scores["certs"]; ok {
		t.Error("an MLPS filing alone was counted as a certification")
	}
}

func TestLevelScore(t *testing.T) {
	for _, c := range []struct{ v, want float64 }{{5, 100}, {4, 100}, {3, 100}, {2, 50}, {1, 50}, {MLPSFiled, 50}, {0, 0}} {
		if got := LevelScore(c.v); got != c.want {
			t.Errorf("LevelScore(%v) = %v, want %v", c.v, got, c.want)
		}
	}
}
