package catalog

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

const testRegistry = `providers:
  - provider: aws
    domains: [aws.amazon.com]
    code: [github.com/aws]
aggregators:
  - name: SkyPilot catalog
    at: [github.com/skypilot-org/skypilot-catalog]
    copies_from: each cloud's price API
copies:
  - at: github.com/someone/skypilot-catalog
    kind: fork
    of: a personal fork of the SkyPilot catalog
`

// sourcePrices is the base catalog's price file with the point's source
// and kind replaced, and extra lines after it.
func sourcePrices(source, kind, extra string) string {
	return strings.Replace(base["data/prices/aws.yaml"], "    source: https://example.com/price\n    source_kind: provider\n",
		"    source: '"+source+"'\n    source_kind: "+kind+"\n"+extra, 1)
}

func diagnostics(r Report, part string) []string {
	var out []string
	for _, d := range r {
		if strings.Contains(d.Message, part) {
			out = append(out, d.String())
		}
	}
	return out
}

// TestProviderSourceKindFollowsWhereTheSourceIs: source_kind provider is
// refused, with its position, when the source's first place is not one of
// the provider's own domains or code organisations.
func TestProviderSourceKindFollowsWhereTheSourceIs(t *testing.T) {
	for _, c := range []struct {
		name, source string
		want         string // the error, "" for none
	}{
		{"the provider's page", "https://aws.amazon.com/ec2/pricing/on-demand/", ""},
		{"a page under its domain", "https://docs.aws.amazon.com/ec2/latest/ug/x.html", ""},
		{"its code organisation, any case", "github.com/AWS/karpenter-provider-aws@6fc13b5 pkg/providers/pricing/zz_generated.pricing_aws.go", ""},
		{"its own first, an aggregator after", "https://aws.amazon.com/ec2/pricing/ ; github.com/skypilot-org/skypilot-catalog@001367d catalogs/v7/aws/vms.csv", ""},
		{
			"a mirror of its page",
			"AWS EC2 pricing page (mirror sibshop.example.com/ec2/pricing)",
			`data/prices/aws.yaml:10:18: price "p4d.24xlarge/us-east-1/on_demand": source_kind provider, but sibshop.example.com/ec2/pricing is not one of provider "aws"'s own domains or code organisations in data/source-registry.yaml: want source_kind aggregator (a third-party catalog) or article (a copy, a blog), or cite the provider's own page first`,
		},
		{
			"a look-alike domain",
			"https://aws.amazon.com.example.net/pricing",
			`data/prices/aws.yaml:10:18: price "p4d.24xlarge/us-east-1/on_demand": source_kind provider, but aws.amazon.com.example.net/pricing is not one of provider "aws"'s own domains or code organisations in data/source-registry.yaml: want source_kind aggregator (a third-party catalog) or article (a copy, a blog), or cite the provider's own page first`,
		},
		{
			"an aggregator first",
			"github.com/skypilot-org/skypilot-catalog@001367d catalogs/v7/aws/vms.csv ; https://aws.amazon.com/ec2/pricing/",
			`data/prices/aws.yaml:10:18: price "p4d.24xlarge/us-east-1/on_demand": source_kind provider, but github.com/skypilot-org/skypilot-catalog@001367d is not one of provider "aws"'s own domains or code organisations in data/source-registry.yaml: want source_kind aggregator (a third-party catalog) or article (a copy, a blog), or cite the provider's own page first`,
		},
		{
			"no place at all",
			"the AWS price page, as read by an editor",
			`data/prices/aws.yaml:10:18: price "p4d.24xlarge/us-east-1/on_demand": source_kind provider, but the source names no place of provider "aws": want the URL of its own page or API first, or a lower source_kind`,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, r := load(t, map[string]string{"data/source-registry.yaml": testRegistry, "data/prices/aws.yaml": sourcePrices(c.source, "provider", "")})
			got := strings.Join(diagnostics(r, "source_kind provider"), "\n")
			if got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
	// Without a registry, the kind is the editor's word.
	if _, r := load(t, map[string]string{"data/prices/aws.yaml": sourcePrices("https://mirror.example.com/aws", "provider", "")}); len(r) != 0 {
		t.Errorf("no registry: want no diagnostics, got\n%s", r)
	}
}

// TestCopyAsOnlySourceOfACurrentPrice: a current price whose every
// citation is in a fork or mirror is warned about unless it is labelled
// article; an older point, a retired offer or a price an organisation's
// copy also cites is not.
func TestCopyAsOnlySourceOfACurrentPrice(t *testing.T) {
	fork := "github.com/someone/skypilot-catalog@abc catalogs/v8/aws/vms.csv"
	newer := `  - instance: p4d.24xlarge
    region: us-east-1
    model: on_demand
    amount: 30
    currency: USD
    since: 2025-07-01
    source: https://aws.amazon.com/ec2/pricing/
    source_kind: provider
`
	warning := `data/prices/aws.yaml:10:18: warning: price "p4d.24xlarge/us-east-1/on_demand": the only source of this current price is a fork, github.com/someone/skypilot-catalog (a personal fork of the SkyPilot catalog), labelled aggregator: a purchase file cannot cite it; cite an organisation's copy of the same figures or the provider's page, or label it article`
	for _, c := range []struct {
		name, source, kind, extra, want string
	}{
		{"a fork alone", fork, "aggregator", "", warning},
		{"a fork, labelled article", fork, "article", "", ""},
		{"a fork and the organisation's copy", fork + " ; github.com/skypilot-org/skypilot-catalog@def catalogs/v8/aws/vms.csv", "aggregator", "", ""},
		{"a fork, for an older point", fork, "aggregator", newer, ""},
		{"a fork, retired", fork, "aggregator", "    last_seen: 2025-07-01\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, r := load(t, map[string]string{"data/source-registry.yaml": testRegistry, "data/prices/aws.yaml": sourcePrices(c.source, c.kind, c.extra)})
			if errs := r.Errors(); len(errs) > 0 {
				t.Fatalf("fixture does not load:\n%s", errs)
			}
			if got := strings.Join(diagnostics(r, "only source"), "\n"); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// TestCopiedPricesAreToldOnce: the latest prices a file cites only from a
// fork or mirror, labelled as the registry gives the copy (so no warning
// of their own), are told once for the file, at the first, with how many
// they are; a point an organisation's copy also cites is not counted.
func TestCopiedPricesAreToldOnce(t *testing.T) {
	fork := "github.com/someone/skypilot-catalog@abc catalogs/v8/aws/vms.csv"
	spot := func(source string) string {
		return "  - instance: p4d.24xlarge\n    region: us-east-1\n    model: spot\n    amount: 10\n    currency: USD\n    since: 2025-06-01\n    source: '" + source + "'\n    source_kind: article\n"
	}
	told := `data/prices/aws.yaml:9:13: warning: price "p4d.24xlarge/us-east-1/on_demand": `
	tail := ` nothing but github.com/someone/skypilot-catalog, a fork (a personal fork of the SkyPilot catalog): a purchase file cannot cite a fork; cite an organisation's copy of the same figures or the provider's own page where one exists (the copy's note in data/source-registry.yaml says whether one does)`
	for _, c := range []struct{ name, extra, want string }{
		{"one price", "", told + "this latest price cites" + tail},
		{"two prices", spot(fork), told + "this and 1 more latest prices of this file cite" + tail},
		{"two, one also from the organisation's copy", spot(fork + " ; github.com/skypilot-org/skypilot-catalog@def catalogs/v8/aws/vms.csv"), told + "this latest price cites" + tail},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, r := load(t, map[string]string{"data/source-registry.yaml": testRegistry, "data/prices/aws.yaml": sourcePrices(fork, "article", c.extra)})
			if errs := r.Errors(); len(errs) > 0 {
				t.Fatalf("fixture does not load:\n%s", errs)
			}
			if got := strings.Join(diagnostics(r, "nothing but"), "\n"); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// TestCatalogCopyCarriesTheCatalogsKind: a community copy of a price
// catalog the registry gives source_kind aggregator (its own scripts read
// the provider's price API) makes its prices aggregator: labelled so, no
// warning; labelled article, a warning that names the kind wanted; a
// source_kind the registry does not know is refused with its position.
func TestCatalogCopyCarriesTheCatalogsKind(t *testing.T) {
	reg := testRegistry + `  - at: github.com/community/skypilot-catalog
    kind: fork
    of: a community fork of the SkyPilot catalog made from the providers' price APIs
    source_kind: aggregator
`
	fork := "github.com/community/skypilot-catalog@3193645 catalogs/v8/aws/vms.csv"
	for _, c := range []struct{ kind, want string }{
		{"aggregator", ""},
		{"article", `data/prices/aws.yaml:10:18: warning: price "p4d.24xlarge/us-east-1/on_demand": the source of this current price is github.com/community/skypilot-catalog (a community fork of the SkyPilot catalog made from the providers' price APIs), which data/source-registry.yaml gives source_kind aggregator, but it is labelled article: want source_kind aggregator`},
		{"estimate", ""},
	} {
		_, r := load(t, map[string]string{"data/source-registry.yaml": reg, "data/prices/aws.yaml": sourcePrices(fork, c.kind, "")})
		if errs := r.Errors(); len(errs) > 0 {
			t.Fatalf("fixture does not load:\n%s", errs)
		}
		if got := strings.Join(diagnostics(r, "current price"), "\n"); got != c.want {
			t.Errorf("labelled %s: got\n%s\nwant\n%s", c.kind, got, c.want)
		}
	}
	_, r := load(t, map[string]string{"data/source-registry.yaml": testRegistry + "    source_kind: provider\n"})
	want := `data/source-registry.yaml:13:18: copies[0]: source_kind "provider" is not known: want one of aggregator, article`
	if got := strings.Join(diagnostics(r, "]: "), "\n"); got != want {
		t.Errorf("a copy's unknown source_kind: got\n%s\nwant\n%s", got, want)
	}
}

// TestSourceRegistryIsChecked: a registry naming an unknown provider, a
// provider with no place, or a copy of an unknown kind is refused with
// positions.
func TestSourceRegistryIsChecked(t *testing.T) {
	_, r := load(t, map[string]string{"data/source-registry.yaml": `providers:
  - provider: awz
    domains: [aws.amazon.com]
  - provider: aws
copies:
  - at: github.com/someone/x
    kind: copy
    of: something
`})
	want := []string{
		`data/source-registry.yaml:2:15: providers[0]: provider "awz" does not exist (did you mean "aws"?)`,
		`data/source-registry.yaml:4:5: providers[1]: no places: want the provider's domains (aws.amazon.com) or code organisations (github.com/aws)`,
		`data/source-registry.yaml:7:11: copies[0]: kind "copy" is not known (did you mean "fork"?): want one of fork, mirror`,
	}
	got := diagnostics(r, "]: ")
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestLocations(t *testing.T) {
	got := Locations("github.com/aws/karpenter-provider-aws@6fc13b5 pkg/x.go (from https://pricing.us-east-1.amazonaws.com/offers/v1.0/) ; seed guide ; Tencent docs (intl.cloud.tencent.com/document/product/560/19700; copy) ; https://raw.githubusercontent.com/Skypilot-Org/skypilot-catalog/master/vms.csv")
	want := [][]string{
		{"github.com/aws/karpenter-provider-aws@6fc13b5", "pricing.us-east-1.amazonaws.com/offers/v1.0/"},
		nil,
		{"intl.cloud.tencent.com/document/product/560/19700"},
		nil,
		{"github.com/skypilot-org/skypilot-catalog/master/vms.csv"},
	}
	if len(got) != len(want) {
		t.Fatalf("Locations: %q, want %q", got, want)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("citation %d: %q, want %q", i, got[i], want[i])
		}
	}
}

// TestShippedSourceKinds: in the shipped catalog, AWS's and Microsoft's
// Karpenter price tables count as the providers' own, no price whose every
// citation is a fork or mirror counts as more than an article, and no
// Tencent Cloud price of the fork does (its other citation, Tencent's
// instance documentation, states specifications, not prices).
func TestShippedSourceKinds(t *testing.T) {
	cat, r := Load(os.DirFS(filepath.Join("..", "..")))
	if errs := r.Errors(); len(errs) > 0 {
		t.Fatalf("the shipped catalog does not load:\n%s", errs)
	}
	if cat.Sources == nil {
		t.Fatal("no data/source-registry.yaml")
	}
	karpenter, fork := map[string]int{}, map[string]int{}
	for _, pp := range cat.Prices {
		first := ""
		for _, locs := range Locations(pp.Source) {
			if len(locs) > 0 {
				first = locs[0]
				break
			}
		}
		if strings.HasPrefix(first, "github.com/aws/karpenter-provider-aws") || strings.HasPrefix(first, "github.com/azure/karpenter-provider-azure") {
			karpenter[pp.Provider]++
			if pp.SourceKind != KindProvider {
				t.Errorf("%s %s: a Karpenter price table labelled %s, want provider", pp.Provider, priceName(pp), pp.SourceKind)
			}
		}
		onlyCopies := first != ""
		for _, locs := range Locations(pp.Source) {
			if len(locs) > 0 && cat.Sources.CopyAt(locs[0]) == nil {
				onlyCopies = false
			}
		}
		if c := cat.Sources.CopyAt(first); c != nil && pp.SourceKind != c.Cites() && pp.SourceKind != KindEstimate && (onlyCopies || pp.Provider == "tencent-cloud") {
			t.Errorf("%s %s: from %s (%s) labelled %s, want %s", pp.Provider, priceName(pp), c.At, c.Kind, pp.SourceKind, c.Cites())
		}
		if strings.Contains(first, "sugarlxn/skypilot-catalog") {
			fork[pp.Provider]++
			if pp.SourceKind != KindAggregator || !strings.Contains(pp.Source, "@") {
				t.Errorf("%s %s: from the community SkyPilot fork labelled %s, want aggregator with the fork's commit in %q", pp.Provider, priceName(pp), pp.SourceKind, pp.Source)
			}
		}
	}
	if fork["alibaba-cloud"] == 0 || fork["tencent-cloud"] == 0 {
		t.Errorf("prices from the community SkyPilot fork by provider: %v, want some of Alibaba Cloud and of Tencent Cloud", fork)
	}
	if karpenter["aws"] == 0 || karpenter["azure"] == 0 {
		t.Errorf("Karpenter-sourced prices by provider: %v, want some of AWS and of Azure", karpenter)
	}
}

// TestCopiedOnlyIsKeptForEverySourceOnceLoaded loads the shipped catalog
// and asks CopiedOnly of every price point's source, from several
// goroutines at once (go test -race finds a write among them), and of
// sources no point cites, each naming a copy: each answer is the one
// worked out anew (copiedOnly), and loading kept one for every point's
// source, so that nothing writes the registry while pages read it.
func TestCopiedOnlyIsKeptForEverySourceOnceLoaded(t *testing.T) {
	cat, rep := Load(os.DirFS(filepath.Join("..", "..")))
	if errs := rep.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	s := cat.Sources
	if len(s.Copies) == 0 {
		t.Fatal("the shipped registry lists no copy: nothing to check")
	}
	for _, pp := range cat.Prices {
		if _, ok := s.copied[pp.Source]; !ok {
			t.Fatalf("no answer kept for the source of %s/%s/%s: %q", pp.Provider, pp.Instance, pp.Region, pp.Source)
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for _, pp := range cat.Prices {
				if got, want := s.CopiedOnly(pp.Source), s.copiedOnly(pp.Source); got != want {
					t.Errorf("CopiedOnly(%q) = %v, worked out %v", pp.Source, got, want)
				}
			}
		})
	}
	wg.Wait()
	for _, c := range s.Copies {
		src := "a price list, as copied in " + c.At
		if got, want := s.CopiedOnly(src), s.copiedOnly(src); got != want {
			t.Errorf("CopiedOnly(%q) = %v, worked out %v", src, got, want)
		}
	}
	if len(s.copied) > len(cat.Prices) {
		t.Errorf("%d answers kept for %d price points", len(s.copied), len(cat.Prices))
	}
}
