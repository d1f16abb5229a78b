package guides

import (
	"html/template"
	"io/fs"
	"math"
	"strings"
	"testing"
	"time"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/guide"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/sitetest"
)

// TestGuideKindAlone makes the guides' pages of the small test site from
// its catalog, its derived offers and the English messages alone, without
// the other page kinds, a template or a build: the index and the guide
// "pick", whose outcome "one-card" lists g4dn.xlarge then GN7.8XLARGE,
// cheapest per dense FP16/BF16 TFLOPS-hour (0.526 / 65 USD, then 34.74 CNY
// / 7.17 / 312).
func TestGuideKindAlone(t *testing.T) {
	cat := sitetest.SmallCatalog(t)
	data := derive.Make(cat)
	msgs := sitetest.Messages(t, "en")
	newPage := func(path, layout string) *pagemodel.Page { return &pagemodel.Page{Path: path, Layout: layout} }
	prices := pagemodel.Prices{Cat: cat, Msgs: msgs, AgeDate: time.Date(2025, 6, 2, 0, 0, 0, 0, time.UTC)}
	matrix := compare.New(cat, data, msgs, newPage, prices.Trust, false, compare.Measure{})
	k := New(Inputs{Cat: cat, Data: data, Msgs: msgs, NewPage: newPage, Price: prices.Price, MatrixPrice: matrix.Price,
		Prose: func(rec any, key string, render func(string) (template.HTML, error)) (template.HTML, error) {
			return render(pagemodel.CatalogText(cat, rec, key))
		},
		Warnf: func(catalog.Pos, string, ...any) {}})
	pages, err := k.Pages()
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1+len(cat.Guides) || pages[0].Path != IndexPath {
		t.Fatalf("%d pages; want the index and one per guide (%d)", len(pages), len(cat.Guides))
	}
	index := pages[0].Data.(*guidesData)
	if len(index.Guides) != len(cat.Guides) || index.Guides[0].URL != Path("pick") {
		var urls []string
		for _, g := range index.Guides {
			urls = append(urls, g.URL)
		}
		t.Errorf("the index lists %q; want the guide pick first", urls)
	}
	var pick *guideData
	for _, p := range pages[1:] {
		if p.Path == Path("pick") {
			pick = p.Data.(*guideData)
		}
	}
	if pick == nil {
		t.Fatal("no page of the guide pick")
	}
	var one *outcomeView
	var walk func(n *guideNode)
	walk = func(n *guideNode) {
		if n == nil {
			return
		}
		if n.Outcome != nil && n.Outcome.Outcome.ID == "one-card" {
			one = n.Outcome
		}
		for _, a := range n.Answers {
			walk(a.Next)
		}
	}
	walk(pick.Root)
	if one == nil || one.List == nil {
		t.Fatal("the guide pick has no outcome one-card with a short list")
	}
	l := one.List
	if l.Matched != 2 || len(l.Rows) != 2 || l.Rows[0].Instance.Name != "g4dn.xlarge" || l.Rows[1].Instance.Name != "GN7.8XLARGE" {
		var ids []string
		for _, r := range l.Rows {
			ids = append(ids, r.Instance.Name)
		}
		t.Fatalf("one card: %d matched, rows %q; want g4dn.xlarge, GN7.8XLARGE", l.Matched, ids)
	}
	for i, want := range []float64{0.526 / 65, 34.74 / 7.17 / 312} {
		if got := l.Rows[i].Key; math.Abs(got-want) > 1e-6 {
			t.Errorf("row %d (%s): %g USD per TFLOPS-hour; want %g", i+1, l.Rows[i].Instance.Name, got, want)
		}
	}
	if l.Currency != "USD" || !strings.HasPrefix(l.MatrixURL, compare.Path(1)+"#") {
		t.Errorf("one card: currency %q, matrix link %q; want USD and a link into the matrix", l.Currency, l.MatrixURL)
	}
}

// TestEveryMissKindHasAMessage: every kind of condition guide finds an
// offer misses is worded by a message in every language, so a new kind
// without one fails here.
func TestEveryMissKindHasAMessage(t *testing.T) {
	tfs, err := fs.Sub(gpucompare.Assets, "templates")
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(tfs, "messages/*.yaml")
	if err != nil || len(names) < 2 {
		t.Fatalf("messages %q, %v", names, err)
	}
	in := &catalog.Instance{Name: "i", GPUCount: 1}
	for _, n := range names {
		lang := strings.TrimSuffix(strings.TrimPrefix(n, "messages/"), ".yaml")
		if lang == "glossary" {
			continue
		}
		m, err := render.LoadMessages(tfs, lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		x := &render.Texter{M: m}
		k := &Kind{cat: &catalog.Catalog{}}
		yes, have := true, 16.0
		q := &catalog.Query{GPUModels: []string{"A100"}, MinGPUMemoryGB: &have, MinGPUCount: 2, MaxGPUCount: 1, Interconnect: "nvlink", RDMA: &yes,
			Regions: []string{"us-east-1"}, Geos: []string{"china-mainland"}}
		gpuOffer := &pricing.Offer{Instance: in, GPU: &catalog.GPU{Model: "T4", Name: "T4"}, Provider: &catalog.Provider{Name: "P", Kind: "gpu_cloud"}, Region: "r"}
		for _, kind := range guide.MissKinds {
			m := guide.Miss{Kind: kind, Have: &have}
			switch kind {
			case "certifications":
				m.Want = "MLPS level 3"
			case "features":
				m.Want = "physical_isolation"
			case "pricing_model":
				m.Want = "spot"
			case "where":
				m.Bound = &catalog.Bound{Field: "price.per_gpu_hour", Max: &have, Currency: "USD"}
			}
			if got := k.missText(x.T, gpuOffer, &guide.ShortList{Query: q}, m); got == "" || got == kind || strings.Contains(got, "%!") {
				t.Errorf("%s: a miss of kind %q worded %q", lang, kind, got)
			}
		}
		// An offer in a mainland region at its international site's dollar
		// price misses mainland China for its price, not its region.
		cn := &catalog.Provider{Name: "P", Regions: []*catalog.Region{{ID: "ap-guangzhou", Geo: pricing.MainlandGeo}}}
		intl := &pricing.Offer{Instance: in, GPU: gpuOffer.GPU, Provider: cn, Region: "ap-guangzhou",
			Prices: map[string]*pricing.Price{"on_demand": {Hourly: pricing.Hourly{Currency: "USD"}}}}
		region := k.missText(x.T, &pricing.Offer{Instance: in, GPU: gpuOffer.GPU, Provider: cn, Region: "r"}, &guide.ShortList{Query: q}, guide.Miss{Kind: "geo"})
		if got := k.missText(x.T, intl, &guide.ShortList{Query: q}, guide.Miss{Kind: "geo"}); got != x.T("guide.miss.intl_site") || got == region {
			t.Errorf("%s: a mainland region's dollar price misses mainland China worded %q (a region elsewhere: %q)", lang, got, region)
		}
		if x.Err != nil {
			t.Errorf("%s: %v", lang, x.Err)
		}
	}
}

// TestPriceBoundSaysTheCurrencyInTheEditionsWords: a guide's price
// condition names its currency as the edition writes it beside an amount,
// 美元 in Chinese (not the code USD), USD in English.
func TestPriceBoundSaysTheCurrencyInTheEditionsWords(t *testing.T) {
	limit := 1.5
	bd := &catalog.Bound{Field: "price.per_gpu_hour", Max: &limit, Currency: "USD"}
	for lang, want := range map[string]string{"en": "1.5 USD", "zh-CN": "1.5美元"} {
		msgs := sitetest.Messages(t, lang)
		var terr error
		got := boundText(msgs.TKeeping(&terr), msgs.Cur, bd)
		if terr != nil {
			t.Fatalf("%s: %v", lang, terr)
		}
		if !strings.Contains(got, want) || (lang == "zh-CN" && strings.Contains(got, "USD")) {
			t.Errorf("%s: price bound reads %q, want it to hold %q", lang, got, want)
		}
	}
}
