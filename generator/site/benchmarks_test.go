package site

import (
	"fmt"
	"html"
	"io/fs"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gpucompare"
	"gpucompare/generator/bench"
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/kinds"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
)

var (
	rankTableRE = regexp.MustCompile(`(?s)<h4 class="ranking-heading">([^<]*) <span.*?<table class="data ranking stack">(.*?)</table>`)
	// splitTableRE is a ranking across instances; its heading names the
	// pricing model as the message benchmark.split_ranking words it.
	splitTableRE = regexp.MustCompile(`(?s)<h5 class="ranking-heading split">([^<]*) <span.*?<table class="data ranking stack split">(.*?)</table>`)
	rankRowRE    = regexp.MustCompile(`(?s)<tr[^>]*>\s*<td class="num rank">(\d+)</td>\s*<th scope="row"><a href="[^"]*">(.*?)</a>.*?<td data-label="Instances" class="num">([^<]*)</td>.*?<td data-label="[^"]*" class="num figure">([^<]*)</td>`)
	groupBlock   = regexp.MustCompile(`(?s)<section class="bench-group" id="group-(\d+)".*?</section>`)
	tags         = regexp.MustCompile(`<[^>]+>`)
)

// rankedRow is a row of a ranking as the page shows it.
type rankedRow struct{ rank, offer, instances, figure string }

// rankings reads every ranking of every benchmark page of a build and sets
// it against bench.Derive: the same offers in the same order under each
// pricing model, with the same figures, as the results ran and split
// across instances. It returns the rankings as shown, by "benchmark#group"
// and pricing model as the page names it ("on-demand", or "Split across
// instances, on-demand").
func rankings(t *testing.T, cat *catalog.Catalog, files Files) map[string]map[string][]rankedRow {
	t.Helper()
	msgs, err := render.LoadMessages(mustSub(t, gpucompare.Assets, "templates"), "en", nil)
	if err != nil {
		t.Fatal(err)
	}
	groups := bench.Derive(cat, pricing.Offers(cat, cat.Site.Currency))
	shown := map[string]map[string][]rankedRow{} // "benchmark#group" → model name → rows
	for _, bm := range cat.Benchmarks {
		page := string(files[paths.Benchmark(bm.ID)])
		for _, g := range groupBlock.FindAllStringSubmatch(page, -1) {
			byModel := map[string][]rankedRow{}
			for _, tm := range append(rankTableRE.FindAllStringSubmatch(g[0], -1), splitTableRE.FindAllStringSubmatch(g[0], -1)...) {
				for _, r := range rankRowRE.FindAllStringSubmatch(tm[2], -1) {
					byModel[html.UnescapeString(tm[1])] = append(byModel[html.UnescapeString(tm[1])], rankedRow{
						r[1], html.UnescapeString(tags.ReplaceAllString(r[2], "")), html.UnescapeString(r[3]), html.UnescapeString(r[4]),
					})
				}
			}
			shown[bm.ID+"#"+g[1]] = byModel
		}
	}
	n := map[*catalog.Benchmark]int{}
	checked := 0
	for _, g := range groups {
		n[g.Benchmark]++
		key := fmt.Sprintf("%s#%d", g.Benchmark.ID, n[g.Benchmark])
		byModel, ok := shown[key]
		if !ok {
			t.Errorf("%s: no section for the group %s %s %s", key, g.Round, g.Division, g.Unit)
			continue
		}
		for _, ranking := range []struct {
			name  string
			ranks map[string][]*bench.Cost
		}{{"%s", g.Ranks}, {msgs["benchmark.split_ranking"], g.Split}} {
			for _, model := range pricing.Models {
				name := fmt.Sprintf(ranking.name, msgs["model."+model])
				costs := ranking.ranks[model]
				costs = costs[:min(len(costs), kinds.MaxRankingRows)] // the page shows the best; costs.csv holds every one
				rows := byModel[name]
				if len(rows) != len(costs) {
					t.Errorf("%s %s: %d rows shown, %d costs derived", key, model, len(rows), len(costs))
					continue
				}
				for i, c := range costs {
					m := c.Mapping
					got := rows[i]
					var figure string
					if g.Time() {
						figure = render.FormatDerived(c.RunCost)
					} else if workShows(got.figure, c.WorkPerMoney, msgs) {
						figure = got.figure
					} else {
						figure = fmt.Sprint(c.WorkPerMoney, " to three significant digits")
					}
					want := rankedRow{offer: m.Offer.Instance.Name, figure: figure}
					if got.offer != want.offer || got.figure != want.figure || !strings.HasPrefix(got.instances, fmt.Sprint(render.Group(fmt.Sprint(m.Instances)), " × ")) {
						t.Errorf("%s %s row %d: shown %+v, derived %s ×%d at %s", key, model, i+1, got, want.offer, m.Instances, want.figure)
					}
					// Best first: a rank never falls below one before it.
					if i > 0 && (g.Time() && c.RunCost < costs[i-1].RunCost || !g.Time() && c.WorkPerMoney > costs[i-1].WorkPerMoney) {
						t.Errorf("%s %s: row %d is better than row %d", key, model, i+1, i)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no ranking checked; the test is not testing")
	}
	return shown
}

// workShows reports whether a work-per-money figure as a ranking shows it
// ("3.08 M", "244,098", "45.2") is v: to three significant digits, or to
// the unit from 1,000 up to a million.
func workShows(shown string, v float64, msgs render.Messages) bool {
	scale := 1.0
	for key, f := range map[string]float64{"bench.millions": 1e6, "bench.billions": 1e9} {
		before, after, ok := strings.Cut(msgs[key], "%s")
		if num, cut := strings.CutPrefix(shown, before); ok && cut && strings.HasSuffix(num, after) {
			shown, scale = strings.TrimSuffix(num, after), f
		}
	}
	n, err := strconv.ParseFloat(strings.ReplaceAll(shown, ",", ""), 64)
	if err != nil {
		return false
	}
	n *= scale
	if scale == 1 && n >= 1000 {
		return math.Abs(n-v) <= 0.5
	}
	return math.Abs(n-v) <= 0.005*math.Abs(v)
}

// TestBenchmarkPagesRankByCostOfWork checks the rankings of the test
// site against bench.Derive and against figures worked out by hand.
func TestBenchmarkPagesRankByCostOfWork(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	files, _ := build(t, root, Options{})
	cat, _ := catalog.Load(root)
	shown := rankings(t, cat, files)

	// The test site's figures, by hand. llama2-70b, 9,000 tokens/s on 8
	// A100s in one system, as it ran on one p4d.24xlarge: us-east-1 on
	// demand, 9,000 × 3,600 / 21.96 = 1,475,409.8; eu-west-1, / 35.39 =
	// 915,512.9. The 1-GPU result: on GN7, 1,200 × 3,600 / (34.74 CNY ÷
	// 7.17) = 891,606.2; on one of a p4d.24xlarge's 8 GPUs, charged per
	// GPU-hour, 1,200 × 3,600 / (21.96 / 8) = 1,573,770.5 and / (35.39 / 8)
	// = 976,547.0. Spot is 70% off: 8 GPUs / 6.588 = 4,918,032.8, 1 GPU
	// / (6.588 / 8) = 5,245,901.6; reserved at 13.7 an hour, 2,364,963.5
	// and 2,522,627.7. Split across 8 GN7s, 9,000 × 3,600 / (8 × 4.8452) =
	// 835,880.8 ranks above the 1-GPU result on GN7, but only in a ranking
	// of its own.
	wantRows := map[string][]rankedRow{
		"llama2-70b-offline#1 on-demand": {
			{"1", "p4d.24xlarge", "1 × 8 GPUs", "1.57 M"}, {"2", "p4d.24xlarge", "1 × 8 GPUs", "1.48 M"},
			{"3", "p4d.24xlarge", "1 × 8 GPUs", "976,547"}, {"4", "p4d.24xlarge", "1 × 8 GPUs", "915,513"},
			{"5", "GN7.8XLARGE", "1 × 1 GPU", "891,606"},
		},
		"llama2-70b-offline#1 spot":                              {{"1", "p4d.24xlarge", "1 × 8 GPUs", "5.25 M"}, {"2", "p4d.24xlarge", "1 × 8 GPUs", "4.92 M"}},
		"llama2-70b-offline#1 1-year commitment (reserved)":      {{"1", "p4d.24xlarge", "1 × 8 GPUs", "2.52 M"}, {"2", "p4d.24xlarge", "1 × 8 GPUs", "2.36 M"}},
		"llama2-70b-offline#1 Split across instances, on-demand": {{"1", "GN7.8XLARGE", "8 × 1 GPU", "835,881"}},
	}
	for key, want := range wantRows {
		group, model, _ := strings.Cut(key, " ")
		if got := shown[group][model]; !slices.Equal(got, want) {
			t.Errorf("%s:\ngot  %+v\nwant %+v", key, got, want)
		}
	}
	// BERT ran on 16 A100s; no offer holds more than 8 in one instance and
	// the catalog states no cluster size: not costed, in no ranking.
	if got := shown["training-bert#1"]; len(got) != 0 {
		t.Errorf("the 16-GPU BERT result is ranked: %+v", got)
	}
	bert := string(files[paths.Benchmark("training-bert")])
	if want := "Not costed: it ran on 16 GPUs, more than any offer holds. The largest priced A100 SXM4 40GB instance has 8, and the catalog states no cluster size, so nothing shows an offer can run it."; !strings.Contains(bert, want) {
		t.Errorf("the BERT page lacks %q", want)
	}
	if got := shown["llama2-70b-offline#2"]; len(got) != 0 {
		t.Errorf("the group of a result with no count is ranked: %+v", got)
	}
	page := string(files[paths.Benchmark("llama2-70b-offline")])
	for _, want := range []string{
		"Rounds are not mixed in the rankings",
		`<abbr class="unknown-count" title="the source does not state how many accelerators ran it">unknown</abbr>`,
		"Not costed: the source does not state how many accelerators ran it.",
		`<span class="flag">Split across 8 instances: the result ran its 8 GPUs in one system.</span>`,
		`<span class="flag">Ranked per GPU-hour: the result ran on 1 of the instance&#39;s 8 GPUs, so it is charged the instance&#39;s price ÷ its GPUs × the GPUs it used, as though the others ran copies of it.</span>`,
		`<h4 class="split-heading" id="group-1-split">If it scales across instances</h4>`,
		`<td data-label="Costed" class="costed">on 2 offers as it ran<span class="sub">1 more if it scales across instances</span></td>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the llama2-70b page lacks %s", want)
		}
	}
	// The page opens with the first offer of each ranking as the result
	// ran, the split ranking left out: the figures above.
	best, results := strings.Index(page, `<h2 id="best">`), strings.Index(page, `<h2 id="results">`)
	if best < 0 || results < best {
		t.Fatalf("the llama2-70b page does not open with its best value (at %d) before its results (at %d)", best, results)
	}
	row := regexp.MustCompile(`<th scope="row">([^<]+)</th>\n<td data-label="Best offer"><a href="[^"]+">([^<]+)<wbr>([^<]+)</a>.*\n<td data-label="Figure" class="num figure">([^<]+)<`)
	var got []string
	for _, m := range row.FindAllStringSubmatch(page[best:results], -1) {
		got = append(got, m[1]+": "+m[2]+m[3]+" "+m[4])
	}
	if want := []string{"on-demand: p4d.24xlarge 1.57 M", "spot: p4d.24xlarge 5.25 M", "1-year commitment (reserved): p4d.24xlarge 2.52 M"}; !slices.Equal(got, want) {
		t.Errorf("best value rows:\ngot  %q\nwant %q", got, want)
	}
}

// TestShippedBenchmarkPagesRankByCostOfWork checks the rankings of the
// repository's own catalog against bench.Derive.
func TestShippedBenchmarkPagesRankByCostOfWork(t *testing.T) {
	root := os.DirFS("../..")
	if _, err := fs.Stat(root, "data/benchmarks"); err != nil {
		t.Skip("no shipped benchmarks")
	}
	files, _ := build(t, root, Options{})
	cat, _ := catalog.Load(root)
	rankings(t, cat, files)
}

// TestHostileBenchmarkTextIsEscaped puts markup into a benchmark's name and
// a result's submitter, system and notes: every page shows it as text, the
// chart options carry it as JSON text, and the CSV cells do not start a
// formula.
func TestHostileBenchmarkTextIsEscaped(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	const script = `</script><script>alert(1)</script>`
	const img = `"><img src=x onerror=alert(1)>`
	for old, new := range map[string]string{
		"name: MLPerf Inference llama2-70b, Offline\n": "name: '" + script + "'\n",
		"system: DGX-A100_A100-SXM4-40GBx8_TRT\n":      "system: '=HYPERLINK(\"x\")" + img + "'\n",
		"notes: A figure made for the test site.\n":    "notes: '" + img + script + "'\n",
		"submitter: Cloud CN\n":                        "submitter: '" + script + "'\n",
	} {
		edit(t, root, "data/benchmarks/llama2-70b-offline.yaml", old, new)
	}
	files, _ := build(t, root, Options{})
	for _, p := range files.Paths() {
		if strings.HasPrefix(p, "static/") || strings.HasSuffix(p, ".csv") {
			continue
		}
		page := string(files[p])
		if len(liveScripts(page)) > 0 || strings.Contains(page, "<img") || strings.Contains(page, "onerror=alert(1)>") {
			t.Errorf("%s: hostile text came out live", p)
		}
	}
	const escaped = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"
	for _, p := range []string{"benchmarks/index.html", "benchmarks/llama2-70b-offline/index.html", "gpus/a100-sxm4-40gb/index.html", "instances/aws/p4d.24xlarge/index.html"} {
		if !strings.Contains(string(files[p]), escaped) {
			t.Errorf("%s does not show the hostile name as text", p)
		}
	}
	page := string(files["benchmarks/llama2-70b-offline/index.html"])
	for _, want := range []string{"&#34;&gt;&lt;img src=x onerror=alert(1)&gt;", `\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e`} {
		if !strings.Contains(page, want) {
			t.Errorf("the benchmark page lacks %s", want)
		}
	}
	for _, p := range []string{"benchmarks/results.csv", "benchmarks/costs.csv"} {
		if !strings.Contains(string(files[p]), `,"'=HYPERLINK(""x"")""><img`) {
			t.Errorf("%s: the system is not made safe for a spreadsheet", p)
		}
	}
}

// TestNaNBenchmarkIsRefusedAndTheBuildEnds puts NaN into a benchmark
// result, which once made the build loop for ever in the frontier of its
// chart. Load refuses it at its value; and the pipeline, run on the
// catalog all the same, ends within a deadline, built or in error.
func TestNaNBenchmarkIsRefusedAndTheBuildEnds(t *testing.T) {
	root, _ := readArchive(t, "testdata/site.txtar")
	const name = "data/benchmarks/llama2-70b-offline.yaml"
	edit(t, root, name, "value: 9000\n", "value: .nan\n")
	cat, r := catalog.Load(root)
	want := name + `:18:12: benchmark "llama2-70b-offline" result 1: value must be a finite number, got .nan`
	if got := r.Errors().String(); got != want+"\n" {
		t.Errorf("errors:\n%s\nwant:\n%s", got, want)
	}
	done := make(chan error, 1)
	go func() {
		_, _, err := Build(cat, root, Options{})
		done <- err
	}()
	select {
	case err := <-done:
		t.Logf("the build on the refused catalog ended: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("the build on a NaN benchmark result did not end within 30 s")
	}
}
