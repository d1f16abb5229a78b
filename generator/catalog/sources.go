package catalog

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// SourceRegistryFile is the file, under data/, that says where each
// provider publishes and what the third-party catalogs and copies a
// source may be are: a source's kind follows from where it is.
const SourceRegistryFile = "source-registry.yaml"

// SourceRegistry is data/source-registry.yaml.
type SourceRegistry struct {
	// Providers are each provider's own places: its domains, the APIs
	// under them, and its code organisations.
	Providers []*ProviderSources `yaml:"providers"`
	// Aggregators are third-party catalogs of prices, each with what it
	// copies from.
	Aggregators []*Aggregator `yaml:"aggregators"`
	// Copies are forks and mirrors: a person's copy of a catalog or of a
	// provider's page, which a purchase file cannot cite.
	Copies []*SourceCopy `yaml:"copies"`

	file string
	at   *place
	// copied holds CopiedOnly's answer for the source of each price
	// point of the catalog, made once it is loaded (memoise): every
	// price of a page asks it of its source, and a catalog cites a few
	// hundred sources many times over. It is not written after, so that
	// the pages built at once read it as they like, and a fingerprint of
	// the catalog walks it whole.
	copied map[string]*SourceCopy
}

// memoise keeps CopiedOnly's answer for each of sources.
func (s *SourceRegistry) memoise(sources []string) {
	if s == nil || len(s.Copies) == 0 {
		return
	}
	s.copied = make(map[string]*SourceCopy, len(sources))
	for _, src := range sources {
		if _, ok := s.copied[src]; !ok {
			s.copied[src] = s.copiedOnly(src)
		}
	}
}

// ProviderSources are the places of one provider: a figure found there
// is the provider's own (source_kind provider).
type ProviderSources struct {
	Provider string `yaml:"provider"`
	// Domains are host names; a host under one (docs.aws.amazon.com under
	// aws.amazon.com) is the provider's too.
	Domains []string `yaml:"domains"`
	// Code are code organisations, as "github.com/aws": files the
	// provider's own tools generate from its price API (AWS's and
	// Microsoft's Karpenter price tables) are its own.
	Code []string `yaml:"code"`
	Note string   `yaml:"note"`
	at   *place
}

// Aggregator is a third-party catalog of prices (source_kind aggregator).
type Aggregator struct {
	Name string `yaml:"name"`
	// At are the places it publishes from, as "github.com/owner/repo" or a
	// host name.
	At []string `yaml:"at"`
	// CopiesFrom says where its figures come from.
	CopiesFrom string `yaml:"copies_from"`
	at         *place
}

// SourceCopy is a fork or mirror: at most an article, unless its
// SourceKind says otherwise.
type SourceCopy struct {
	At   string `yaml:"at"`
	Kind string `yaml:"kind"` // one of CopyKinds
	// Of is what it copies, and whether an organisation's copy of the
	// same figures exists.
	Of string `yaml:"of"`
	// SourceKind is the kind of source its figures are, when not an
	// article: "aggregator" for a community copy of a catalog whose own
	// scripts read the provider's price API, as the catalog it forks
	// does. Empty for a copy a purchase file cannot cite.
	SourceKind string `yaml:"source_kind"`
	Note       string `yaml:"note"`
	at         *place
}

// CopySourceKinds are the kinds a copy's figures may be: an aggregator's
// (a community copy of a price catalog made from the provider's API) or
// an article's.
var CopySourceKinds = []string{KindAggregator, KindArticle}

// Cites is the source kind a copy's figures carry: its SourceKind, or
// article.
func (c *SourceCopy) Cites() string {
	if c.SourceKind == "" {
		return KindArticle
	}
	return c.SourceKind
}

// CopyKinds are the kinds of copy: a personal fork of a catalog, or a
// mirror (a copy of a page or data set, or a repository generated from
// another site).
var CopyKinds = []string{"fork", "mirror"}

// locationPattern is a place a citation names: a URL, or a host name
// followed by a path ("github.com/aws/karpenter-provider-aws",
// "lambda.ai/instances").
var locationPattern = regexp.MustCompile(`(?i)^(?:https?://)?((?:[a-z0-9-]+\.)+[a-z]{2,})(/[^\s]*)?$`)

// Locations are the places each citation of a source names, citation by
// citation (citations are separated by ";"), in the order they come:
// lowercase, with no scheme, "www." or trailing
// punctuation, and raw.githubusercontent.com read as github.com.
func Locations(source string) [][]string {
	var out [][]string
	for _, c := range strings.Split(source, ";") {
		var locs []string
		for _, tok := range strings.Fields(c) {
			tok = strings.TrimLeft(tok, "([<'\"")
			tok = strings.TrimRight(tok, "]>,;.:'\")")
			m := locationPattern.FindStringSubmatch(tok)
			if m == nil || m[2] == "" && !strings.Contains(strings.ToLower(tok), "://") {
				continue
			}
			host := strings.TrimPrefix(strings.ToLower(m[1]), "www.")
			p := m[2]
			if host == "raw.githubusercontent.com" {
				host = "github.com"
			}
			locs = append(locs, host+strings.ToLower(p))
		}
		out = append(out, locs)
	}
	return out
}

// locations are Locations(source), made once for each source the loader
// l checks: a file's prices cite a few sources many times over. What it
// returns is shared, and not to be changed.
func (l sourceRules) locations(source string) [][]string {
	if locs, ok := l.locs[source]; ok {
		return locs
	}
	if l.locs == nil {
		l.locs = map[string][][]string{}
	}
	locs := Locations(source)
	l.locs[source] = locs
	return locs
}

// under reports whether location loc is at place at: the same host or one
// under it, and, when at has a path, the same leading path segments.
func under(loc, at string) bool {
	at = strings.ToLower(strings.TrimSuffix(at, "/"))
	lh, lp, _ := strings.Cut(loc, "/")
	ah, ap, _ := strings.Cut(at, "/")
	if lh != ah && !strings.HasSuffix(lh, "."+ah) {
		return false
	}
	if ap == "" {
		return true
	}
	// "github.com/aws/x@abc" is under "github.com/aws/x": a commit or a
	// file path follows the repository.
	lp = strings.SplitN(lp, "@", 2)[0]
	return lp == ap || strings.HasPrefix(lp, ap+"/")
}

// Own reports whether location loc is one of provider id's own places.
func (s *SourceRegistry) Own(id, loc string) bool {
	if s == nil {
		return false
	}
	for _, p := range s.Providers {
		if p.Provider != id {
			continue
		}
		for _, d := range p.Domains {
			if under(loc, d) {
				return true
			}
		}
		for _, c := range p.Code {
			if under(loc, c) {
				return true
			}
		}
	}
	return false
}

// CopyAt is the fork or mirror location loc is in, or nil.
func (s *SourceRegistry) CopyAt(loc string) *SourceCopy {
	if s == nil {
		return nil
	}
	for _, c := range s.Copies {
		if under(loc, c.At) {
			return c
		}
	}
	return nil
}

// OnlyCopy is the fork or mirror the first citation of a source is in
// when every citation that names a place (citations are Locations of the
// source) names a fork or mirror first: a purchase file cannot cite such a
// source. nil when a citation names another place first, or none names a
// place.
func (s *SourceRegistry) OnlyCopy(citations [][]string) *SourceCopy {
	if s == nil {
		return nil
	}
	var first *SourceCopy
	for _, locs := range citations {
		if len(locs) == 0 {
			continue
		}
		c := s.CopyAt(locs[0])
		if c == nil {
			return nil
		}
		if first == nil {
			first = c
		}
	}
	return first
}

// CopiedOnly is OnlyCopy of the places source cites, or nil at once when
// the registry lists no copy the source's text could name.
func (s *SourceRegistry) CopiedOnly(source string) *SourceCopy {
	if s == nil || len(s.Copies) == 0 {
		return nil
	}
	if c, ok := s.copied[source]; ok {
		return c
	}
	return s.copiedOnly(source)
}

// copiedOnly is CopiedOnly, worked out.
func (s *SourceRegistry) copiedOnly(source string) *SourceCopy {
	low := strings.ToLower(source)
	named := false
	for _, c := range s.Copies {
		at := strings.ToLower(strings.TrimSuffix(c.At, "/"))
		if _, p, ok := strings.Cut(at, "/"); ok {
			at = p
		}
		if strings.Contains(low, at) {
			named = true
			break
		}
	}
	if !named {
		return nil
	}
	return s.OnlyCopy(Locations(source))
}

// validateSourceRegistry checks the registry's records: every provider
// named exists and lists a place, every aggregator and copy says where it
// is and what it copies.
// sourceRules are the checks that hold a catalog to its source registry
// (data/source-registry.yaml): the registry's own records, the kind of
// each price's source, and prices that only a copy states.
type sourceRules struct{ *loader }

func (l sourceRules) validateSourceRegistry() {
	s := l.cat.Sources
	if s == nil {
		return
	}
	seen := map[string]bool{}
	for i, p := range s.Providers {
		r := record{l: l.loader, file: s.file, at: p.at, name: fmt.Sprintf("providers[%d]", i)}
		if r.required("provider", p.Provider, "a provider id") {
			if l.cat.Provider(p.Provider) == nil {
				r.errorf("provider", "provider %q does not exist%s", p.Provider, suggest(p.Provider, providerIDs(l.cat)))
			} else if seen[p.Provider] {
				r.errorf("provider", "provider %q is listed already: list its places once", p.Provider)
			}
			seen[p.Provider] = true
		}
		if len(p.Domains) == 0 && len(p.Code) == 0 {
			r.errorf("domains", "no places: want the provider's domains (aws.amazon.com) or code organisations (github.com/aws)")
		}
		for _, c := range p.Code {
			if !strings.Contains(c, "/") {
				r.errorf("code", "code organisation %q has no organisation: want a host and an organisation, such as github.com/aws", c)
			}
		}
	}
	for i, a := range s.Aggregators {
		r := record{l: l.loader, file: s.file, at: a.at, name: fmt.Sprintf("aggregators[%d]", i)}
		r.required("name", a.Name, "the aggregator's name, such as \"SkyPilot catalog\"")
		if len(a.At) == 0 {
			r.errorf("at", "at is missing: want where it publishes, such as github.com/skypilot-org/skypilot-catalog")
		}
		r.required("copies_from", a.CopiesFrom, "what it copies its figures from")
	}
	for i, c := range s.Copies {
		r := record{l: l.loader, file: s.file, at: c.at, name: fmt.Sprintf("copies[%d]", i)}
		r.required("at", c.At, "where the copy is, such as github.com/someone/skypilot-catalog")
		r.oneOf("kind", c.Kind, CopyKinds, true)
		r.required("of", c.Of, "what it copies, and whether an organisation's copy of the same figures exists")
		r.oneOf("source_kind", c.SourceKind, CopySourceKinds, false)
	}
}

// checkSourceKind holds a price point's source kind to where its source
// is: source_kind provider needs the first place the source names — its
// primary citation; later ones may corroborate from elsewhere — to be one
// of the provider's own.
func (l sourceRules) checkSourceKind(r record, prov *Provider, pp *PricePoint) {
	reg := l.cat.Sources
	if reg == nil || prov == nil || pp.SourceKind != KindProvider {
		return
	}
	for _, locs := range l.locations(pp.Source) {
		if len(locs) == 0 {
			continue
		}
		if !reg.Own(prov.ID, locs[0]) {
			r.errorf("source_kind", "source_kind provider, but %s is not one of provider %q's own domains or code organisations in %s: want source_kind aggregator (a third-party catalog) or article (a copy, a blog), or cite the provider's own page first",
				locs[0], prov.ID, path.Join(DataDir, SourceRegistryFile))
		}
		return
	}
	r.errorf("source_kind", "source_kind provider, but the source names no place of provider %q: want the URL of its own page or API first, or a lower source_kind", prov.ID)
}

// checkCopiedPrices warns about each current price — the last point of
// its series, not retired — whose every citation is in a fork or mirror
// and whose source_kind is not the one the registry gives that copy
// (article unless the copy says aggregator): above it, a purchase file
// cannot cite it; below it, the price is left out of answers it belongs in.
// The prices labelled as their copy's kind are told once for the file, with
// how many they are, so that check says what a purchase file cannot cite.
func (l sourceRules) checkCopiedPrices(prices []*PricePoint) {
	reg := l.cat.Sources
	if reg == nil {
		return
	}
	keys, series := seriesOf(prices)
	// Prices labelled as their copy's kind, by copy, in the order their
	// first comes: told once for the file, at the first.
	labelled := map[*SourceCopy][]*PricePoint{}
	var order []*SourceCopy
	for _, k := range keys {
		s := series[k]
		pp := s[len(s)-1]
		if pp.LastSeen() != "" || pp.SourceKind == KindEstimate {
			continue
		}
		c := reg.OnlyCopy(l.locations(pp.Source))
		if c == nil {
			continue
		}
		want := c.Cites()
		if pp.SourceKind == want {
			if labelled[c] == nil {
				order = append(order, c)
			}
			labelled[c] = append(labelled[c], pp)
			continue
		}
		r := record{l: l.loader, file: pp.file, at: pp.at, price: pp}
		if want == KindArticle {
			r.warnf("source_kind", "the only source of this current price is a %s, %s (%s), labelled %s: a purchase file cannot cite it; cite an organisation's copy of the same figures or the provider's page, or label it article",
				c.Kind, c.At, c.Of, pp.SourceKind)
			continue
		}
		r.warnf("source_kind", "the source of this current price is %s (%s), which %s gives source_kind %s, but it is labelled %s: want source_kind %s",
			c.At, c.Of, path.Join(DataDir, SourceRegistryFile), want, pp.SourceKind, want)
	}
	for _, c := range order {
		ps := labelled[c]
		r := record{l: l.loader, file: ps[0].file, at: ps[0].at, price: ps[0]}
		which := "this latest price cites"
		if len(ps) > 1 {
			which = fmt.Sprintf("this and %d more latest prices of this file cite", len(ps)-1)
		}
		r.warnf("source", "%s nothing but %s, a %s (%s): a purchase file cannot cite a %s; cite an organisation's copy of the same figures or the provider's own page where one exists (the copy's note in %s says whether one does)",
			which, c.At, c.Kind, c.Of, c.Kind, path.Join(DataDir, SourceRegistryFile))
	}
}
