package importer

import (
	"io"
	"math"
	"os"
	"strings"
	"testing"
)

// readVastFixtures reads, as one list, testdata/vast-offers/h100-sxm-asc.json
// (three offers of a recorded answer of Vast.ai's offer search for the
// H100 SXM, 2026-08-22: one of a verified host, two not) and
// bundles-doc-example.json (the example answer of Vast.ai's API reference,
// one RTX 4090 offer). See testdata/README.md.
func readVastFixtures(t *testing.T) *List {
	t.Helper()
	var l List
	for _, name := range []string{"h100-sxm-asc.json", "bundles-doc-example.json"} {
		readFixtureInto(t, "vast-offers/"+name, name, &l, ReadVastOffers)
	}
	return &l
}

// readFixtureInto is readFixture into a list that holds earlier files.
func readFixtureInto(t *testing.T, path, name string, l *List, read func(r io.Reader, file string, l *List) error) {
	t.Helper()
	got := readFixture(t, path, name, func(r io.Reader, file string, into *List) error {
		*into = *l
		return read(r, file, into)
	})
	*l = *got
}

// TestReadVastOffers reads the fixtures: each GPU model's offers of
// verified hosts give one on-demand price per GPU in region all, the
// catalog's instance id for the H100 SXM and the GPU's name with "(median
// per GPU)" for the RTX 4090; the offers of hosts not verified are
// skipped.
func TestReadVastOffers(t *testing.T) {
	l := readVastFixtures(t)
	var got []string
	for _, o := range l.Offers {
		got = append(got, o.Instance+" "+o.Region+" "+o.Model+" "+amountText(o.Amount)+" "+o.Pos.String())
		if !o.PerGPU || o.Currency != "USD" || o.Effective != "" || o.Spec.GPUCount != 1 {
			t.Errorf("offer %+v", o)
		}
	}
	// 40291943: dph_total 1.7355555555555555 for one GPU.
	want := "h100-sxm-marketplace-median all on_demand 1.735556 h100-sxm-asc.json:1:2979|RTX 4090 (median per GPU) all on_demand 0.45 bundles-doc-example.json:1:13"
	if strings.Join(got, "|") != want {
		t.Errorf("offers\ngot  %s\nwant %s", strings.Join(got, "|"), want)
	}
	if l.Skipped["host not verified (unverified)"] != 2 {
		t.Errorf("skipped %v, want the two offers of unverified hosts", l.Skipped)
	}
	if n := l.Offers[0].Note; !strings.Contains(n, `the one offer for "H100 SXM"`) {
		t.Errorf("note %q", n)
	}
}

// TestVastMedian reads an answer written in code, its prices made up:
// the median per GPU of an even number of offers is the mean of the two
// middle ones, an offer of several GPUs counts its price per GPU, and
// bids, rented and unrentable offers are skipped.
func TestVastMedian(t *testing.T) {
	src := `{"offers": [
  {"id": 1, "gpu_name": "H100 SXM", "num_gpus": 8, "dph_total": 16.0},
  {"id": 2, "gpu_name": "H100 SXM", "num_gpus": 1, "dph_total": 2.5},
  {"id": 3, "gpu_name": "H100 SXM", "num_gpus": 2, "dph_total": 3.0, "verification": "verified"},
  {"id": 4, "gpu_name": "H100 SXM", "num_gpus": 1, "dph_total": 9.0},
  {"id": 5, "gpu_name": "H100 SXM", "num_gpus": 1, "dph_total": 0.3, "is_bid": true},
  {"id": 6, "gpu_name": "H100 SXM", "num_gpus": 1, "dph_total": 0.2, "rented": true},
  {"id": 7, "gpu_name": "H100 SXM", "num_gpus": 1, "dph_total": 0.1, "rentable": false}
]}`
	var l List
	if err := ReadVastOffers(strings.NewReader(src), "v.json", &l); err != nil {
		t.Fatal(err)
	}
	// Per GPU: 2.0, 2.5, 1.5, 9.0: the median is (2.0 + 2.5) / 2.
	if len(l.Offers) != 1 || l.Offers[0].Amount != 2.25 || l.Offers[0].Pos.String() != "v.json:2:3" {
		t.Fatalf("offers %+v, want one at 2.25 placed at the first offer", l.Offers)
	}
	if want := `The median of 4 offers' price per GPU-hour (dph_total ÷ num_gpus, with each offer's storage) for "H100 SXM" on Vast.ai's marketplace, from 1.5 to 9; hosts set their own prices.`; l.Offers[0].Note != want {
		t.Errorf("note\ngot  %s\nwant %s", l.Offers[0].Note, want)
	}
	if len(l.Skipped) != 3 {
		t.Errorf("skipped %v, want the bid, the rented and the unrentable offer", l.Skipped)
	}
}

func TestReadVastOffersErrors(t *testing.T) {
	offer := func(fields string) string { return "{\"offers\": [\n  {" + fields + "}]}" }
	tests := []struct{ src, want string }{
		{`{"success": false, "error": "invalid_request"}`, `v.json:1:1: no offers: want a Vast.ai offer search answer`},
		{`{"offers": 3}`, `v.json:1:12: offers is not a list`},
		{offer(`"id": 9, "num_gpus": 1, "dph_total": 1`), `v.json:2:3: offer 9 has no gpu_name`},
		{offer(`"id": 9, "gpu_name": "A100 PCIE", "num_gpus": 0, "dph_total": 1`), `v.json:2:3: offer 9 has no whole num_gpus of 1 or more`},
		{offer(`"id": 9, "gpu_name": "A100 PCIE", "num_gpus": 1`), `v.json:2:3: offer 9 has no dph_total`},
		{offer(`"id": 9, "gpu_name": "A100 PCIE", "num_gpus": 1, "dph_total": -1`), `v.json:2:3: offer 9: dph_total -1 is negative`},
		{offer(`"id": 9, "gpu_name": "A100 PCIE", "num_gpus": 1, "dph_total": "1.2"`), `v.json:2:3: dph_total is a JSON string: want a number`},
		{offer(`"id": 9, "gpu_name": "A100 PCIE", "num_gpus": 1, "dph_total": 1e300`), `v.json:2:3: offer 9: dph_total 1e+300 is no price per hour`},
		{`{"offers": [`, `v.json:1:13: the JSON ends early`},
	}
	for _, tt := range tests {
		var l List
		err := ReadVastOffers(strings.NewReader(tt.src), "v.json", &l)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s:\ngot  %v\nwant %s…", tt.src, err, tt.want)
		}
	}
}

// TestMergeVast merges the fixtures into a copy of the catalog's Vast.ai
// prices (golden diff): the H100 SXM's median gets a provider-sourced
// point per GPU, undated and first seen on the day read, after the third
// party's estimates; the RTX 4090, which the catalog lacks, is reported,
// never added.
func TestMergeVast(t *testing.T) {
	const src = "https://console.vast.ai/api/v0/bundles/ (read 2026-12-01)"
	before, after, sum := mergeShipped(t, "vast-ai", readVastFixtures(t), "2026-12-01", src)
	var added []string
	for _, a := range sum.Added {
		added = append(added, a.Instance+" "+a.Model+" "+a.Was+" → "+a.Now+" "+string(a.FirstSeen))
	}
	if want := "h100-sxm-marketplace-median on_demand 6.1489 → 1.735556 2026-12-01"; strings.Join(added, "|") != want {
		t.Errorf("added\ngot  %s\nwant %s", strings.Join(added, "|"), want)
	}
	if got := strings.Join(sum.NewTypes, "|"); got != "RTX 4090 (median per GPU)" {
		t.Errorf("new types %q, want the RTX 4090 reported", got)
	}
	if len(sum.Missing) != 0 {
		t.Errorf("missing %v", sum.Missing)
	}
	if !strings.Contains(string(after), "  amount: 1.735556\n  per_gpu: true\n  currency: USD\n  since: unknown\n  first_seen: '2026-12-01'\n  as_of: '2026-12-01'\n  source: "+src+"\n  source_kind: provider\n") {
		t.Errorf("no per-GPU provider point citing the API:\n%s", after)
	}
	goldenDiff(t, "vast-offers/merge-vast-ai.diff", before, after)
}

func FuzzReadVastOffers(f *testing.F) {
	for _, name := range []string{"h100-sxm-asc.json", "bundles-doc-example.json"} {
		if b, err := os.ReadFile("testdata/vast-offers/" + name); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		var l List
		if err := ReadVastOffers(strings.NewReader(in), "v.json", &l); err != nil {
			if !strings.HasPrefix(err.Error(), "v.json:") {
				t.Errorf("error without position: %v", err)
			}
			return
		}
		for _, o := range l.Offers {
			if o.Amount <= 0 || math.IsInf(o.Amount, 0) || math.IsNaN(o.Amount) || !o.PerGPU || o.Region != "all" {
				t.Errorf("offer %+v", o)
			}
		}
	})
}
