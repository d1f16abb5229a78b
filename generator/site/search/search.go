// Package search is a page model of the last stage: the search page
// (/search/) and the entries search/index.js holds, a function of an
// edition's catalog, content pages and messages; Find ranks them as
// static/search.js does.
package search

import (
	"cmp"
	"html/template"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"gpucompare/generator/catalog"
	"gpucompare/generator/site/content"
	"gpucompare/generator/site/pagemodel"
	"gpucompare/generator/site/paths"
	"gpucompare/generator/site/render"
	"gpucompare/generator/site/searchindex"
)

// The site's search finds providers, GPU models, instance types, regions,
// benchmarks, guides, scenarios and pages by name, id, alias and key
// specs. The build writes everything it finds into one script,
// search/index.js, which static/search.js loads by <script src> when the
// reader first uses the box in the header: no fetch, so it works from
// file:// as well as over HTTP, under the site's policy. search/index.html
// lists every entry, grouped by kind and linked, for a reader without
// JavaScript; with it, the page shows the results of the query in its
// address (?q=), which the header's form sends there when nothing is
// picked.
//
// Matching is by substring of lower-cased text, so Chinese, which has no
// spaces to split words on, is found inside words ("阿里" in "阿里云").
// Each word of the query must occur in the entry (Words): words are
// split at white space, commas and Chinese punctuation, and where Chinese
// meets Latin letters or digits ("阿里云H100"); a run of Chinese the entry
// does not hold whole may be held in pieces of two characters or more
// ("阿里云北京": 阿里云 and 北京). Full-width letters and digits
// ("Ｈ１００") are the ASCII ones. An entry's rank is,
// best first: a name (its title, id or an alias) equal to the query
// (Exact), an instance type whose GPU model has a name equal to the
// query (GPU: "T4" finds the T4 instance types before "GT4…", whose
// GPU is an A100), a name starting with it (Prefix), every word in
// its names (InName), every word in its names or other text
// (InText), every word there or in the words of claims whose specifics
// its source leaves unstated (InVague: 等保 finds a provider that states
// 等保三级 before one whose level of 等保 is not stated). A query that names a number of GPUs ("8x H100", ">=4",
// "8卡": Count) finds only instance types with that many, ranked by
// its other words. Ties keep the order of Kinds, then the shorter
// title, then the index's order. static/search.js ranks the same way.

// Paths of the search page and its index.
const (
	Path      = "search/index.html"
	IndexPath = searchindex.Path
)

// Kinds are the kinds of entries, in the order the page lists them
// and ties rank; each has the messages search.kind.<kind> (one) and
// search.group.<kind> (the heading of its list).
var Kinds = []string{"provider", "gpu", "instance", "region", "benchmark", "guide", "scenario", "model", "page"}

// Ranks of a match, best first; None is no match.
const (
	Exact = iota
	GPU
	Prefix
	InName
	InText
	InVague
	None = -1
)

// Entry is one thing the search finds, as search/index.js holds it
// (searchindex.Entry); Kind is its index in Kinds, and Names and
// Text are in Fold form.
type Entry searchindex.Entry

// Fold lower-cases s, makes full-width ASCII forms ("Ｈ１００",
// "（") the ASCII ones, and collapses its white space (the ideographic
// space included): the form the index and queries are compared in.
func Fold(s string) string {
	s = strings.Map(func(r rune) rune {
		if r >= 0xFF01 && r <= 0xFF5E {
			return r - 0xFEE0
		}
		return r
	}, s)
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// searchCJK reports whether r is written without spaces between words:
// Chinese, Japanese kana, Korean.
func searchCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// searchSep reports whether r separates the words of a query: white
// space, a comma or semicolon, or Chinese punctuation (、。「」《》【】…).
func searchSep(r rune) bool {
	return r == ' ' || r == ',' || r == ';' || r >= 0x3000 && r <= 0x303F
}

// Words splits a query in Fold form into the words that must
// each occur in an entry: at separators (searchSep), and where a run of
// Chinese meets other letters or digits, leaving out pieces of
// punctuation only beside Chinese ("华北2(北京)" is 华北, 2(, 北京).
func Words(q string) []string {
	var words []string
	for _, f := range strings.FieldsFunc(q, searchSep) {
		if !strings.ContainsFunc(f, searchCJK) {
			words = append(words, f)
			continue
		}
		rs := []rune(f)
		start := 0
		for i := 1; i <= len(rs); i++ {
			if i < len(rs) && searchCJK(rs[i]) == searchCJK(rs[i-1]) {
				continue
			}
			piece := string(rs[start:i])
			if searchCJK(rs[start]) || strings.ContainsFunc(piece, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
				words = append(words, piece)
			}
			start = i
		}
	}
	return words
}

// searchHas reports whether word w occurs in the text in holds: whole, or,
// for a run of Chinese, in pieces of two characters or more, each held.
func searchHas(w string, in func(string) bool) bool {
	if in(w) {
		return true
	}
	rs := []rune(w)
	if len(rs) < 4 || !searchCJK(rs[0]) || slices.ContainsFunc(rs, func(r rune) bool { return !in(string(r)) }) {
		return false
	}
	// ok[i]: the first i characters are held in pieces.
	ok := make([]bool, len(rs)+1)
	ok[0] = true
	for i := 2; i <= len(rs); i++ {
		for j := i - 2; j >= 0 && !ok[i]; j-- {
			ok[i] = ok[j] && in(string(rs[j:i]))
		}
	}
	return ok[len(rs)]
}

// Rank is the rank of e for a query in Fold form.
func Rank(e *Entry, q string) int {
	if q == "" {
		return None
	}
	if c := Count(q, false); len(c.counts) > 0 {
		if e.GPUs == 0 || !c.has(float64(e.GPUs)) {
			return None
		}
		if q = c.rest; q == "" {
			return InName
		}
	}
	best := None
	for _, n := range e.Names {
		if n == q {
			return Exact
		}
	}
	if e.GPU != nil && slices.Contains(e.GPU.Names, q) {
		return GPU
	}
	for _, n := range e.Names {
		if strings.HasPrefix(n, q) {
			best = Prefix
		}
	}
	if best != None {
		return best
	}
	names := strings.Join(e.Names, "\n")
	words := Words(q)
	if len(words) == 0 {
		return None
	}
	inName := func(w string) bool { return strings.Contains(names, w) }
	if !slices.ContainsFunc(words, func(w string) bool { return !searchHas(w, inName) }) {
		return InName
	}
	inText := func(w string) bool { return strings.Contains(names, w) || strings.Contains(e.Text, w) }
	if !slices.ContainsFunc(words, func(w string) bool { return !searchHas(w, inText) }) {
		return InText
	}
	if e.Vague == "" {
		return None
	}
	inVague := func(w string) bool { return inText(w) || strings.Contains(e.Vague, w) }
	if !slices.ContainsFunc(words, func(w string) bool { return !searchHas(w, inVague) }) {
		return InVague
	}
	return None
}

// Find returns the entries that match query, best first.
func Find(entries []*Entry, query string) []*Entry {
	q := Fold(query)
	type hit struct {
		e    *Entry
		rank int
		i    int
	}
	var hits []hit
	for i, e := range entries {
		if r := Rank(e, q); r != None {
			hits = append(hits, hit{e, r, i})
		}
	}
	slices.SortFunc(hits, func(x, y hit) int {
		return cmp.Or(cmp.Compare(x.rank, y.rank), cmp.Compare(x.e.Kind, y.e.Kind),
			cmp.Compare(len([]rune(x.e.Title)), len([]rune(y.e.Title))), cmp.Compare(x.i, y.i))
	})
	out := make([]*Entry, len(hits))
	for i, h := range hits {
		out[i] = h.e
	}
	return out
}

// certVague reports whether certification c is listed without what it
// certifies to: the catalog writes one whose level or scope the
// provider's pages leave open "NAME (level not stated)".
func certVague(c string) bool {
	return strings.Contains(strings.ToLower(c), "not stated")
}

// maxSearchText is the most bytes of other words one entry is found by:
// an instance type sold in thousands of regions is found by the first
// ones, its own page and the matrix name them all, and the index keeps
// every script of it under 2 MB.
const maxSearchText = 16_000

// searchCut cuts text to at most maxSearchText bytes, at a space where
// there is one, else at a character's start.
func searchCut(text string) string {
	if len(text) <= maxSearchText {
		return text
	}
	cut := maxSearchText
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	if i := strings.LastIndexByte(text[:cut], ' '); i > 0 {
		cut = i
	}
	return text[:cut]
}

// Entries lists what the search finds on a site whose pages are at
// the paths of have, in the order of Kinds and, within a kind, of
// the catalog. t gives the words of the facts lines; tr the catalog's
// text in the site's language (pagemodel.CatalogText); unit a benchmark's unit in
// it (render.Messages.UnitName); cert a certification as it names it
// (render.CertName: 等保（级别未说明）, found by 等保); regionURL the path and fragment of the
// i-th region of a provider, and guidePath the path of a guide, by id.
func Entries(cat *catalog.Catalog, content []*content.ContentPage, sections []*pagemodel.Page, have map[string]bool, t func(string, ...any) string, tr func(rec any, key string) string, unit, cert func(string) string,
	regionURL func(p *catalog.Provider, i int) (path, frag string), guidePath func(id string) string) []*Entry {
	var out []*Entry
	lang := cmp.Or(t("site.language"), catalog.BaseLanguage)
	add := func(kind int, title, sub, path, frag string, names []string, text ...string) *Entry {
		if !have[path] {
			return nil
		}
		e := &Entry{Kind: kind, Title: title, Sub: sub, Path: path, Frag: frag, Text: searchCut(Fold(strings.Join(text, " ")))}
		for _, n := range append([]string{title}, names...) {
			if n = Fold(n); n != "" && !slices.Contains(e.Names, n) {
				e.Names = append(e.Names, n)
			}
		}
		out = append(out, e)
		return e
	}
	// both is a name and its name in the site's language, once when they
	// are the same.
	both := func(rec any, key, own string) []string {
		if s := tr(rec, key); s != own {
			return []string{own, s}
		}
		return []string{own}
	}
	dot := func(parts ...string) string {
		return strings.Join(slices.DeleteFunc(parts, func(s string) bool { return s == "" }), " · ")
	}
	// others are the aliases a result shows under its title: not the
	// title again (腾讯云 under 腾讯云).
	others := func(title string, aliases []string) string {
		return strings.Join(slices.DeleteFunc(slices.Clone(aliases), func(a string) bool { return a == title }), ", ")
	}

	for _, p := range cat.Providers {
		kind := ""
		if p.Kind != "" {
			kind = t("kind." + p.Kind)
		}
		count := t("search.instances", len(p.Instances))
		if len(p.Instances) == 1 {
			count = t("search.instances_one")
		}
		name := tr(p, "name")
		sub := dot(others(name, p.Aliases), kind, count)
		var certs, vague []string
		for _, c := range p.Certs() {
			names := []string{c}
			if n := cert(c); n != c {
				names = append(names, n)
			}
			if certVague(c) {
				vague = append(vague, names...)
			} else {
				certs = append(certs, names...)
			}
		}
		// Pages that state no MLPS level say so on the provider's page:
		// the word finds it too, below one that states a level.
		if p.MLPS.NoneStated() {
			vague = append(vague, t("provider.mlps"))
		}
		if e := add(0, name, sub, paths.Provider(p.ID), "", append([]string{p.ID, p.Name}, p.Aliases...),
			append(both(&p.Spot, "name", p.Spot.Name), kind, p.Currency, p.Headquarters, strings.Join(certs, " "), strings.Join(p.Isolation, " "))...); e != nil {
			e.Vague = Fold(strings.Join(vague, " "))
		}
	}
	// A GPU model is found by the other names buyers give its vendor and
	// its product line (search.vendor_names: 英伟达 for NVIDIA, 昇腾 for
	// Huawei's Ascend).
	vendorNames := VendorNames(t("search.vendor_names"))
	gpuEntries := map[string]*Entry{}
	for _, g := range cat.GPUs {
		mem := ""
		if g.MemoryGB != nil {
			mem = strings.TrimSpace(render.FormatNum(*g.MemoryGB) + " GB " + g.MemoryType)
		}
		var memWords []string
		if g.MemoryGB != nil {
			n := render.FormatNum(*g.MemoryGB)
			memWords = []string{n + "gb", n + " gb"}
		}
		name := tr(g, "name")
		gpuEntries[g.ID] = add(1, name, dot(tr(g, "vendor"), tr(g, "architecture"), mem), paths.GPU(g.ID), "", append([]string{g.ID, g.Model, g.Vendor + " " + g.Name}, both(g, "name", g.Name)...),
			append(memWords, append(append(both(g, "vendor", g.Vendor), vendorNames[g.Vendor]...), g.Variant, g.Architecture, g.MemoryType, g.Interconnect.Name, string(g.Released))...)...)
	}
	for _, p := range cat.Providers {
		for _, in := range p.Instances {
			gpu := in.GPU
			var gpuWords []string
			if g := cat.GPU(in.GPU); g != nil {
				gpu = tr(g, "name")
				gpuWords = append(both(g, "name", g.Name), g.Model, g.Vendor, g.ID)
				if g.MemoryGB != nil {
					gpuWords = append(gpuWords, render.FormatNum(*g.MemoryGB)+"gb")
				}
			}
			sub := dot(tr(p, "name"), t("search.gpus", in.GPUCount, gpu))
			var regions []string
			for _, id := range in.Regions {
				regions = append(regions, id)
				if r := p.Region(id); r != nil {
					regions = append(regions, both(r, "name", r.Name)...)
					regions = append(regions, carriedAliases(r.Aliases)...)
				}
			}
			e := add(2, tr(in, "name"), sub, paths.Instance(in), "", []string{in.ID, p.Name + " " + in.Name},
				append(append(append(gpuWords, both(p, "name", p.Name)...), p.ID, strings.Join(carriedAliases(p.Aliases), " "), in.Family, in.VGPUProfile, in.Interconnect, in.Network, in.LocalStorage), regions...)...)
			if e != nil {
				e.GPU, e.GPUs = (*searchindex.Entry)(gpuEntries[in.GPU]), in.GPUCount
			}
		}
	}
	for _, p := range cat.Providers {
		for i, r := range p.Regions {
			title := cmp.Or(tr(r, "name"), r.ID)
			path, frag := regionURL(p, i)
			geo := ""
			if r.Geo != "" {
				geo = t("geo." + r.Geo)
			}
			// On a site in another language than the catalog's, a region
			// named in other words than the catalog's English — its name
			// in that language (华北2（北京）), or a name the catalog writes
			// in other than Latin letters (百度智能云's 华北-北京) — shows
			// that name alone; its id (cn-beijing, bj), a code in Latin
			// letters, stays one of the names it is found by.
			id := r.ID
			if lang != catalog.BaseLanguage && title != r.ID && (title != r.Name || strings.ContainsFunc(title, notLatin)) {
				id = ""
			}
			add(3, title, dot(others(title, r.Aliases), tr(p, "name"), id), path, frag, append([]string{r.ID, r.Name}, r.Aliases...),
				append(both(p, "name", p.Name), p.ID, strings.Join(carriedAliases(p.Aliases), " "), tr(r, "location"), geo)...)
		}
	}
	for _, bm := range cat.Benchmarks {
		suite := bm.Suite
		if suite != "" {
			suite = t("bench.suite." + strings.ReplaceAll(suite, "-", "_"))
		}
		add(4, tr(bm, "name"), dot(suite, unit(bm.Unit)), paths.Benchmark(bm.ID), "", append([]string{bm.ID, bm.Task}, both(bm, "name", bm.Name)...),
			bm.Suite, suite, bm.Scenario, bm.Unit, unit(bm.Unit), tr(bm, "description"))
	}
	for _, g := range cat.Guides {
		text := []string{tr(g, "description")}
		for _, q := range g.Questions {
			text = append(text, tr(q, "text"))
			for _, a := range q.Answers {
				text = append(text, tr(a, "text"))
			}
		}
		for _, o := range g.Outcomes {
			text = append(text, tr(o, "title"))
		}
		title := tr(g, "title")
		add(5, title, t("search.guide", len(g.Questions), len(g.Outcomes)), guidePath(g.ID), "", []string{g.ID}, text...)
		// Each outcome is found by the words of its title (写明通过等保三级备案的服务商)
		// as other text, so that it ranks after what is named
		// so (抢占 finds the pricing model first), and leads to it on the
		// guide's page.
		for _, o := range g.Outcomes {
			if e := add(5, tr(o, "title"), title, guidePath(g.ID), "o-"+o.ID, nil, both(o, "title", o.Title)...); e != nil {
				e.Names = []string{Fold(o.ID)}
			}
		}
	}
	for _, s := range cat.Scenarios {
		add(6, tr(s, "title"), tr(s, "persona"), paths.Scenario(s.ID), "", []string{s.ID}, tr(s, "persona"), tr(s, "description"))
	}
	// A pricing model the catalog prices by is found by the names buyers
	// give it (search.model_names.<model>: 按需 and 按量付费 for 按量计费,
	// 包月 for 包年包月) and leads to the matrix showing its prices.
	counts := map[string]int{} // offers (instance type, region) priced by each model
	offers := map[[4]string]bool{}
	for _, pp := range cat.Prices {
		if k := [4]string{pp.Model, pp.Provider, pp.Instance, pp.Region}; !offers[k] {
			offers[k] = true
			counts[pp.Model]++
		}
	}
	for _, m := range catalog.PricingModels {
		if counts[m] == 0 {
			continue
		}
		names := []string{m, strings.ReplaceAll(m, "_", " ")}
		for _, n := range strings.Split(t("search.model_names."+m), ",") {
			names = append(names, strings.TrimSpace(n))
		}
		sub := t("search.offers", counts[m])
		if counts[m] == 1 {
			sub = t("search.offers_one")
		}
		add(7, upperFirst(t("model."+m)), sub, paths.Matrix(1), "m="+m, names)
	}
	for _, p := range sections {
		desc := ""
		if p.DescKey != "" {
			desc = t(p.DescKey)
		}
		add(8, t(p.TitleKey), desc, p.Path, "", []string{strings.TrimSuffix(p.Path, "/index.html")})
	}
	for _, c := range content {
		add(8, c.Title, c.Description, c.Path, "", []string{strings.TrimSuffix(c.Path, "/index.html")}, c.Description)
	}
	return out
}

// upperFirst is s with its first letter in upper case ("On-demand"), as
// a title starts; a language without case keeps s.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// searchGroup is one kind of entries on the search page.
type searchGroup struct {
	Kind    string // its key in Kinds
	Anchor  string
	Entries []searchLink
	// More counts the entries past maxSearchGroupBytes that the page
	// leaves out of the list, which the search box still finds.
	More int
}

// Count is how many entries of the kind there are, listed or not.
func (g searchGroup) Count() int { return len(g.Entries) + g.More }

// maxSearchGroupBytes is about the most bytes one kind's list takes on the
// search page: a catalog of thousands of providers or regions lists its
// first ones and counts the rest, so that the page stays under 2 MB with
// every kind full; the search box, whose index holds every entry, finds
// them.
const maxSearchGroupBytes = 200_000

// searchLink is one entry as the search page links it.
type searchLink struct {
	Title, Sub, URL string
}

// Data is the model of the search page.
type Data struct {
	Count  int
	Groups []searchGroup
}

// PageData groups the entries by kind, linked from p.
func PageData(p *pagemodel.Page, entries []*Entry) *Data {
	d := &Data{Count: len(entries)}
	for k, kind := range Kinds {
		g := searchGroup{Kind: kind, Anchor: "all-" + kind}
		used := 0
		for _, e := range entries {
			if e.Kind != k {
				continue
			}
			url := p.Rel(e.Path)
			if e.Frag != "" {
				url += "#" + e.Frag
			}
			used += len(template.HTMLEscapeString(e.Title)) + len(template.HTMLEscapeString(e.Sub)) + len(template.HTMLEscapeString(url)) + 50
			if used > maxSearchGroupBytes {
				g.More++
				continue
			}
			g.Entries = append(g.Entries, searchLink{e.Title, e.Sub, url})
		}
		if len(g.Entries) > 0 {
			d.Groups = append(d.Groups, g)
		}
	}
	return d
}

// notLatin is whether r is a letter of another script than Latin (北).
func notLatin(r rune) bool { return unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) }

// VendorNames reads the message search.vendor_names, "NVIDIA=英伟达;
// Huawei=华为,昇腾": by a GPU vendor as the catalog writes it, the other
// names a search finds its GPU models by.
func VendorNames(msg string) map[string][]string {
	out := map[string][]string{}
	for _, part := range strings.Split(msg, ";") {
		vendor, names, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		for _, n := range strings.Split(names, ",") {
			if n = strings.TrimSpace(n); n != "" {
				out[strings.TrimSpace(vendor)] = append(out[strings.TrimSpace(vendor)], n)
			}
		}
	}
	return out
}
