package report

import (
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/tools/txtar"

	"gpucompare"
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/compare"
	"gpucompare/generator/site/derive"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/render"
)

// hashOf is the CSP source of an inline block's body.
func hashOf(body string) string {
	sum := sha256.Sum256([]byte(body))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// TestReportKindAlone makes the short report of the small test site from
// its catalog, the embedded templates and the matrix's kind alone, without
// the rest of the site or a build: every offer of the catalog counted, the
// provider chosen keeping its own, g4dn.xlarge's 0.526 USD an hour shown,
// the snapshot id of its data/ files, and a policy of the inline blocks.
func TestReportKindAlone(t *testing.T) {
	src, err := os.ReadFile("../testdata/site.txtar")
	if err != nil {
		t.Fatal(err)
	}
	root := fstest.MapFS{}
	for _, f := range txtar.Parse(src).Files {
		root[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	cat, r := catalog.Load(root)
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatalf("the test catalog does not load:\n%s", errs)
	}
	tfs, _ := fs.Sub(gpucompare.Assets, "templates")
	sfs, _ := fs.Sub(gpucompare.Assets, "static")
	day := time.Date(2025, 6, 2, 0, 0, 0, 0, time.UTC)
	in := Inputs{Cat: cat, Root: root, Templates: tfs, Static: sfs, AgeDate: day, Warnf: func(catalog.Pos, string, ...any) {},
		Kinds: func(msgs render.Messages, site *pagemodel.SiteInfo, data *derive.Data) Kinds {
			prices := pagemodel.Prices{Cat: cat, Msgs: msgs, AgeDate: day}
			newPage := func(path, layout string) *pagemodel.Page {
				return &pagemodel.Page{Path: path, Layout: layout, Site: site}
			}
			return Kinds{Prices: prices, Matrix: compare.New(cat, data, msgs, newPage, prices.Trust, false, compare.Measure{})}
		}}
	all := pricing.OffersAt(cat, cat.Site.Currency, day)
	out, err := File(in, ReportOptions{Providers: []string{"aws"}, Date: day})
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.ReplaceAll(string(out), "<wbr>", "")
	snap, err := Snapshot(root)
	if err != nil {
		t.Fatal(err)
	}
	aws := 0
	for _, o := range all {
		if o.Provider.ID == "aws" {
			aws++
		}
	}
	if aws == 0 || aws == len(all) {
		t.Fatalf("%d of %d offers are aws's: the test needs some of the catalog's, not all", aws, len(all))
	}
	for _, want := range []string{snap, "2025-06-02", "g4dn.xlarge", "0.526"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if strings.Contains(doc, "GN7.8XLARGE") {
		t.Error("the report of aws shows another provider's GN7.8XLARGE")
	}
	if m := regexp.MustCompile(`script-src [^;]*; style-src 'sha256-`).FindString(doc); m == "" {
		t.Error("the report has no policy naming its inline blocks by hash")
	}
	if _, err := File(in, ReportOptions{Providers: []string{"nosuch"}}); err == nil || !strings.Contains(err.Error(), `-provider "nosuch"`) {
		t.Errorf("an unknown provider: %v; want a usage error naming it", err)
	}
}

// TestReportPolicyRefusesWhatItCannotVouchFor: blocks the parser would
// read otherwise than they stand, and references the report must not make.
func TestReportPolicyRefusesWhatItCannotVouchFor(t *testing.T) {
	head := `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="` + policyPlaceholder + `">`
	for _, tc := range []struct{ body, want string }{
		{"<script>a = '<!--'</script>", `holds "<!--"`},
		{"<script>a = 1\r\n</script>", `holds "\r"`},
		{"<script src=x.js></script>", "<script src>"},
		{`<p style="color:red">`, "style attribute"},
		{`<link rel=stylesheet href=x.css>`, "<link>"},
		{`<link rel=icon href=x.svg>`, "<link>"},
		{`<script type=module>1</script>`, `type="module"`},
	} {
		_, err := WithPolicy([]byte(head+"</head><body>"+tc.body+"</body></html>"), reportPolicy)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error with %q", tc.body, err, tc.want)
		}
	}
	out, err := WithPolicy([]byte(head+"</head><body><script>1</script><style>p{}</style><script type=\"application/json\">{}</script></body></html>"), reportPolicy)
	if err != nil {
		t.Fatal(err)
	}
	want := "script-src " + strings.Trim(hashOf("1"), "") + "; style-src " + hashOf("p{}") + ";"
	if !strings.Contains(string(out), want) {
		t.Errorf("policy of %s: want %s", out, want)
	}
	if _, err := WithPolicy([]byte("<html><head></head></html>"), reportPolicy); err == nil {
		t.Error("a template without the policy's placeholder is accepted")
	}
}

// TestPriceKind: what keeps a price out of rankings is its source kind.
func TestPriceKind(t *testing.T) {
	pct := 50.0
	for _, tc := range []struct {
		name string
		pr   *pricing.Price
		want string
	}{
		{"listed by the provider", &pricing.Price{Kind: "provider", Point: &catalog.PricePoint{Source: "https://aws.amazon.com/ec2/pricing/"}}, ""},
		{"listed by a catalog", &pricing.Price{Kind: "aggregator", Point: &catalog.PricePoint{}}, ""},
		{"a discount off on-demand", &pricing.Price{Kind: "estimate", Point: &catalog.PricePoint{Extra: &catalog.PriceExtra{DiscountPct: &pct}}, Hourly: pricing.Hourly{OffOnDemand: true}}, "estimate"},
		{"an article's figure", &pricing.Price{Kind: "article", Point: &catalog.PricePoint{}}, "article"},
		{"none", nil, ""},
	} {
		if got := priceKind(tc.pr); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestPriceDate: a price is dated by its effective date, else by the date
// its as-of text states; else it is undated.
func TestPriceDate(t *testing.T) {
	for _, tc := range []struct {
		since catalog.Date
		asOf  string
		want  catalog.Date
	}{
		{"2025-06-05", "", "2025-06-05"},
		{"2024-09", "2026-01-21", "2024-09"},
		{catalog.Unknown, "2026-01-21 (file also in 4480bff, 2025-11-30)", "2026-01-21"},
		{catalog.Unknown, "≤2026-01-21 (post-cut); as of 2026-01-21", "2026-01-21"},
		{catalog.Unknown, "between 2024-09-04 and 2024-09-05 (community DB update); as of 2025-09-17", "2025-09-17"},
		{catalog.Unknown, "unknown (catalog commit 001367d)", ""},
		{catalog.Unknown, "undated (the seed guide gives no date)", ""},
		{catalog.Unknown, "prices: unknown (catalog commit 001367d); specs: 2023-05-11", ""},
		{catalog.Unknown, "2026-13-01", ""},
		{catalog.Unknown, "", ""},
	} {
		if got := priceDate(&catalog.PricePoint{Since: tc.since, Extra: &catalog.PriceExtra{AsOf: tc.asOf}}); got != tc.want {
			t.Errorf("since %q, as of %q: %q, want %q", tc.since, tc.asOf, got, tc.want)
		}
	}
}
