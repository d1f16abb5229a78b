package importer

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"gpucompare/generator/catalog"
)

// Options says whose prices Merge compares and how it dates and cites the
// points it adds.
type Options struct {
	Provider *catalog.Provider
	// AsOf is the day the price list was read, YYYY-MM-DD.
	AsOf       catalog.Date
	Source     string // the citation written into each new point
	SourceKind string
	// Models are the pricing models the format states (see Models): an
	// offer of another model is never reported missing.
	Models []string
	// Retire marks each offer missing from the source with last_seen.
	Retire bool
	// Correct makes a price whose effective date is the since of its
	// series' latest point a correction of that point (Added.Corrected);
	// without it such a price is refused (Summary.Refused).
	Correct bool
	// NotAdded says why AddInstances left out an instance type new to the
	// catalog, by its name in the source.
	NotAdded map[string]string
}

// Summary is what a merge did.
type Summary struct {
	Added     []Added
	Unchanged int
	Missing   []Missing
	// Skipped counts the offers of the source not merged, by reason, the
	// parser's skipped prices included.
	Skipped map[string]int
	// Checked is the checked date written, "" when the file keeps its own.
	Checked catalog.Date
	// Refused are the prices not merged because their effective date is
	// the since of their series' latest point: a second point on one day.
	Refused []Refused
	// NewTypes are the instance types with a GPU that the source prices
	// and the catalog lacks, by their names in the source, sorted: their
	// offers are skipped (-add-instances adds them).
	NewTypes []string
}

// Added is a point Merge appended.
type Added struct {
	catalog.SeriesKey
	Old *float64 // the latest amount before, nil for a new offer
	New float64
	// Was and Now are the prices before and after as text ("2.49",
	// "0.11676 + 1023 upfront"); Was is "" for a new offer.
	Was, Now  string
	Currency  string
	Since     catalog.Date
	FirstSeen catalog.Date
	// Corrected says the point is the series' latest point rewritten
	// (Options.Correct), not a point appended.
	Corrected bool
}

// Refused is a price of the source that would be a second point of its
// series on the day of its latest point.
type Refused struct {
	catalog.SeriesKey
	Line     int // the line of the latest point
	Was, Now string
	Currency string
	Since    catalog.Date
}

// Missing is an offer of the file that the source no longer lists.
type Missing struct {
	catalog.SeriesKey
	Line int // the line of its latest point
	// LastSeen is the last_seen date written with -retire, "" otherwise.
	LastSeen catalog.Date
	// NotRetired says why -retire left it unmarked.
	NotRetired string
}

// item is one price point of the file with the lines it spans (0-based,
// inclusive).
type item struct {
	node       *yaml.Node
	pp         catalog.PricePoint
	start, end int
}

// doc is a price file split into lines, with the nodes Merge edits.
type doc struct {
	file                    string
	lines                   []string
	ends                    []string   // each line's break (splitLines)
	root, provider, checked *yaml.Node // checked is the value node, or nil
	prices                  *yaml.Node // the key node of prices
	seq                     *yaml.Node
	items                   []item
	dash                    int // the column of the items' dashes
	// edits, applied at the end: lines replaced, keys added to the point
	// ending at a line, and lines inserted after a line (-1: before the
	// first), in that order.
	replace map[int]string
	attach  map[int][]string
	insert  map[int][]string
}

// Merge merges the offers of list into the price file text src (named file
// in messages) and returns the new text. It fails, and nothing should be
// written, when an offer cannot be compared with the file: another
// currency, or a file it cannot edit in place.
func Merge(src []byte, file string, list *List, opts Options) ([]byte, *Summary, error) {
	d, err := parseDoc(src, file)
	if err != nil {
		return nil, nil, err
	}
	sum := &Summary{Skipped: map[string]int{}}
	for r, n := range list.Skipped {
		sum.Skipped[r] += n
	}
	series := map[catalog.SeriesKey][]int{}
	var order []catalog.SeriesKey
	for i := range d.items {
		d.items[i].pp.Provider = opts.Provider.ID
		k := d.items[i].pp.Series()
		if _, ok := series[k]; !ok {
			order = append(order, k)
		}
		series[k] = append(series[k], i)
	}
	offers, err := resolve(list.Offers, opts, series, sum)
	if err != nil {
		return nil, nil, err
	}

	matched := map[catalog.SeriesKey]bool{}
	var fresh []catalog.SeriesKey // new series, added at the end
	freshOffer := map[catalog.SeriesKey]Offer{}
	for _, ro := range offers {
		k, o := ro.key, ro.offer
		idx, ok := series[k]
		if !ok {
			fresh = append(fresh, k)
			freshOffer[k] = o
			continue
		}
		matched[k] = true
		last := d.items[idx[len(idx)-1]]
		p := &last.pp
		if p.Currency != o.Currency && list.Sites {
			sum.Skipped["the catalog's latest point is in the other site's currency (China site CNY, international site USD)"]++
			continue
		}
		if p.Currency != o.Currency {
			return nil, nil, fmt.Errorf("%s: price in %s, but %s:%d quotes %s in %s: want a price list in %s", o.Pos, o.Currency, file, last.node.Line, seriesName(k), p.Currency, p.Currency)
		}
		if p.PerGPU != o.PerGPU || (p.Amount == nil && p.Upfront() == nil) {
			if o.PerGPU {
				sum.Skipped["the catalog's latest point has no amount per GPU (per instance, or a discount)"]++
			} else {
				sum.Skipped["the catalog's latest point has no amount per instance (per GPU, or a discount)"]++
			}
			continue
		}
		confirm := false
		if sameAmount(p.Amount, o.Amount) && sameUpfront(p.Upfront(), o.Upfront) && p.LastSeen() == "" {
			// The provider's own list confirming a price that only an
			// aggregator gave is recorded, as the provider's point.
			if opts.SourceKind != catalog.KindProvider || p.SourceKind == catalog.KindProvider {
				sum.Unchanged++
				continue
			}
			confirm = true
		}
		latest := latestSince(d.items, idx)
		if o.Effective != "" && before(o.Effective, latest) {
			sum.Skipped["effective date before the since of the catalog's latest point (history is not rewritten)"]++
			continue
		}
		if confirm {
			o.Note = strings.TrimSpace(o.Note + " The provider's own price list states the price of the point before, which came from " + p.SourceKind + " sources.")
			o.NoteZH += fmt.Sprintf("服务商自己的价目表证实了前一价格点的价格，该价格此前来自%s。", zhSourceKind(p.SourceKind))
		}
		var pa float64
		if p.Amount != nil {
			pa = *p.Amount
		}
		was := priceText(pa, p.Upfront())
		if o.Effective != "" && o.Effective == p.Since {
			if confirm {
				// The same price on the same day: nothing to record.
				sum.Unchanged++
				continue
			}
			if !opts.Correct {
				sum.Refused = append(sum.Refused, Refused{SeriesKey: k, Line: last.node.Line, Was: was, Now: priceText(o.Amount, o.Upfront), Currency: o.Currency, Since: o.Effective})
				continue
			}
			o.Note = strings.TrimPrefix(o.Note+"; ", "; ") + fmt.Sprintf("corrects %s %s, the price this point had before %s", was, p.Currency, opts.AsOf)
			o.NoteZH = strings.TrimSuffix(o.NoteZH, "。") + fmt.Sprintf("%s更正为此价：此前为%s（%s读取之前的价格）。", map[bool]string{true: "；", false: ""}[o.NoteZH != ""], zhMoney(was, p.Currency), zhDate(opts.AsOf))
		}
		a := d.add(k, o, opts, idx[len(idx)-1])
		a.Old, a.Was = p.Amount, was
		sum.Added = append(sum.Added, a)
	}
	sort.Slice(fresh, func(i, j int) bool { return keyLess(fresh[i], fresh[j]) })
	for _, k := range fresh {
		sum.Added = append(sum.Added, d.add(k, freshOffer[k], opts, -1))
	}
	d.missing(order, series, matched, covered(list, opts.Provider), opts, sum)
	if sum.Unchanged > 0 || len(sum.Added) > 0 {
		var have catalog.Date
		if d.checked != nil {
			have = catalog.Date(d.checked.Value)
		}
		if have == "" || before(have, opts.AsOf) {
			d.setChecked(opts.AsOf)
			sum.Checked = opts.AsOf
		}
	}
	out := d.bytes()
	// Lines are edited in place: a layout the edit cannot follow (a plain
	// scalar continued on the next line, say) is refused, never written.
	var check yaml.Node
	if err := yaml.Unmarshal(out, &check); err != nil {
		return nil, nil, fmt.Errorf("%s: the merged file would not be valid YAML (%v): write each price point's fields on lines of their own, then import again", file, err)
	}
	return out, sum, nil
}

// resolved is an offer matched to the series of the file it belongs to.
type resolved struct {
	key   catalog.SeriesKey
	offer Offer
}

// resolve maps the offers of the source to catalog series: instance types
// and regions by id or name. A region the file prices as "all" takes the
// one price all the source's regions share. Offers that fit nothing are
// counted in sum.Skipped.
// Two offers of one series are an error unless they state the same price.
func resolve(offers []Offer, opts Options, series map[catalog.SeriesKey][]int, sum *Summary) ([]resolved, error) {
	prov := opts.Provider
	type group struct{ instance, model, payment string }
	groups := map[group][]Offer{}
	var gorder []group
	for _, o := range offers {
		in := findInstance(prov, o.Instance)
		if in == nil {
			switch why, ok := opts.NotAdded[o.Instance]; {
			case ok:
				sum.Skipped[why]++
			case o.Spec.NoGPU:
				sum.Skipped["instance type not in the catalog, without a GPU"]++
			default:
				sum.Skipped["instance type not in the catalog (-add-instances adds it)"]++
				if !slices.Contains(sum.NewTypes, o.Instance) {
					sum.NewTypes = append(sum.NewTypes, o.Instance)
				}
			}
			continue
		}
		g := group{in.ID, o.Model, o.Payment}
		if _, ok := groups[g]; !ok {
			gorder = append(gorder, g)
		}
		groups[g] = append(groups[g], o)
	}
	slices.Sort(sum.NewTypes)
	var out []resolved
	for _, g := range gorder {
		in := prov.Instance(g.instance)
		allKey := catalog.SeriesKey{Provider: prov.ID, Instance: g.instance, Region: catalog.AllRegions, Model: g.model, Payment: g.payment}
		_, hasAll := series[allKey]
		var rest []Offer
		for _, o := range groups[g] {
			k := allKey
			if r := findRegion(prov, o.Region); r != nil {
				k.Region = r.ID
			}
			_, has := series[k]
			switch {
			case k.Region != catalog.AllRegions && has:
				out = append(out, resolved{k, o})
			case hasAll || slices.Contains(in.Regions, catalog.AllRegions):
				rest = append(rest, o)
			case k.Region != catalog.AllRegions && slices.Contains(in.Regions, k.Region):
				out = append(out, resolved{k, o})
			default:
				sum.Skipped["region not among the instance type's regions in the catalog"]++
			}
		}
		if len(rest) == 0 {
			continue
		}
		same := true
		for _, o := range rest[1:] {
			if o.Amount != rest[0].Amount || o.Currency != rest[0].Currency {
				same = false
			}
		}
		if !same {
			sum.Skipped["prices differ between regions, and the catalog keeps one price for all regions"] += len(rest)
			continue
		}
		out = append(out, resolved{allKey, rest[0]})
	}
	// One offer a series: the first, when the others say the same.
	at := map[catalog.SeriesKey]int{}
	uniq := out[:0]
	for _, r := range out {
		i, seen := at[r.key]
		if !seen {
			at[r.key] = len(uniq)
			uniq = append(uniq, r)
			continue
		}
		if prev := uniq[i].offer; prev.Amount != r.offer.Amount || !sameUpfront(prev.Upfront, r.offer.Upfront) || prev.Currency != r.offer.Currency {
			return nil, fmt.Errorf("%s: %s priced %s here and %s at %s: want one price per offer", r.offer.Pos, seriesName(r.key), priceText(r.offer.Amount, r.offer.Upfront), priceText(prev.Amount, prev.Upfront), prev.Pos)
		}
	}
	return uniq, nil
}

func findInstance(p *catalog.Provider, name string) *catalog.Instance {
	for _, in := range p.Instances {
		if in.Name == name || in.ID == name {
			return in
		}
	}
	for _, in := range p.Instances {
		if strings.EqualFold(in.ID, name) {
			return in
		}
	}
	return nil
}

func findRegion(p *catalog.Provider, name string) *catalog.Region {
	for _, r := range p.Regions {
		if r.ID == name || (r.Name != "" && r.Name == name) {
			return r
		}
	}
	return nil
}

// priceText says an hourly amount and an upfront price.
func priceText(amount float64, upfront *float64) string {
	switch {
	case upfront == nil:
		return amountText(amount)
	case amount == 0:
		return amountText(*upfront) + " upfront"
	}
	return amountText(amount) + " + " + amountText(*upfront) + " upfront"
}

// lastSeen is the latest whole day in the as_of, first_seen or since of
// the points of a series, or "".
func lastSeen(items []item, idx []int) catalog.Date {
	var seen catalog.Date
	for _, i := range idx {
		pp := items[i].pp
		for _, d := range []catalog.Date{catalog.Date(pp.AsOf()), pp.FirstSeen(), pp.Since} {
			if _, err := time.Parse(time.DateOnly, string(d)); err == nil && d > seen {
				seen = d
			}
		}
	}
	return seen
}

// sameAmount reports whether a point's amount is an offer's: absent
// stands for the 0 of an offer priced only upfront.
func sameAmount(p *float64, o float64) bool {
	if p == nil {
		return o == 0
	}
	return *p == o
}

// latestSince is the since of the newest dated point of a series.
func latestSince(items []item, idx []int) catalog.Date {
	var d catalog.Date
	for _, i := range idx {
		if s := items[i].pp.Since; s.Known() {
			d = s
		}
	}
	return d
}

// before reports whether a is surely earlier than b, comparing partial
// dates only as far as both are precise.
func before(a, b catalog.Date) bool {
	if !a.Known() || !b.Known() {
		return false
	}
	n := min(len(a), len(b))
	return a[:n] < b[:n]
}

func keyLess(a, b catalog.SeriesKey) bool {
	return slices.Compare([]string{a.Instance, a.Region, a.Model, a.Payment}, []string{b.Instance, b.Region, b.Model, b.Payment}) < 0
}

func seriesName(k catalog.SeriesKey) string {
	s := k.Instance + "/" + k.Region + "/" + k.Model
	if k.Payment != "" {
		s += "/" + k.Payment
	}
	return fmt.Sprintf("%q", s)
}

// add appends a point for offer o to series k after item after (-1: a new
// series, at the end of the list).
func (d *doc) add(k catalog.SeriesKey, o Offer, opts Options, after int) Added {
	a := Added{SeriesKey: k, New: o.Amount, Now: priceText(o.Amount, o.Upfront), Currency: o.Currency, Since: o.Effective}
	if a.Since == "" {
		a.Since, a.FirstSeen = catalog.Unknown, opts.AsOf
	}
	n := &yaml.Node{Kind: yaml.MappingNode}
	put := func(key, value string, style yaml.Style) {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, &yaml.Node{Kind: yaml.ScalarNode, Value: value, Style: style})
	}
	put("instance", k.Instance, 0)
	put("region", k.Region, 0)
	put("model", k.Model, 0)
	if k.Payment != "" {
		put("payment", k.Payment, 0)
	}
	if o.Upfront != nil {
		put("upfront", amountText(*o.Upfront), 0)
	}
	if o.Amount > 0 {
		put("amount", amountText(o.Amount), 0)
	}
	if o.EffectiveHourly != nil {
		put("effective_hourly", amountText(*o.EffectiveHourly), 0)
	}
	if o.PerGPU {
		put("per_gpu", "true", 0)
	}
	put("currency", o.Currency, 0)
	put("since", string(a.Since), dateStyle(a.Since))
	if a.FirstSeen != "" {
		put("first_seen", string(a.FirstSeen), yaml.SingleQuotedStyle)
	}
	put("as_of", string(opts.AsOf), yaml.SingleQuotedStyle)
	put("source", opts.Source, 0)
	put("source_kind", opts.SourceKind, 0)
	if o.Note != "" {
		put("note", o.Note, 0)
	}
	if o.NoteZH != "" {
		zh := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
			{Kind: yaml.ScalarNode, Value: "note"}, {Kind: yaml.ScalarNode, Value: o.NoteZH, Style: yaml.DoubleQuotedStyle}}}
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "i18n"}, &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
			{Kind: yaml.ScalarNode, Value: "zh-CN"}, zh}})
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	_ = enc.Encode(n) // a mapping of plain strings always encodes
	_ = enc.Close()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	pad := strings.Repeat(" ", d.dash)
	for i := range lines {
		if i == 0 {
			lines[i] = pad + "- " + lines[i]
		} else {
			lines[i] = pad + "  " + lines[i]
		}
	}
	at := d.seqEnd()
	if after >= 0 {
		at = d.items[after].end
	}
	if after >= 0 && o.Effective != "" && o.Effective == d.items[after].pp.Since {
		// A correction: the point's lines give way to the new ones.
		it := d.items[after]
		d.replace[it.start] = strings.Join(lines, "\n")
		for i := it.start + 1; i <= it.end; i++ {
			d.replace[i] = dropLine
		}
		a.Corrected = true
		return a
	}
	d.insert[at] = append(d.insert[at], lines...)
	return a
}

func dateStyle(d catalog.Date) yaml.Style {
	if d.Known() {
		return yaml.SingleQuotedStyle
	}
	return 0
}

// coverage is what a price list covers: the regions it prices (by
// catalog id) and the pricing models with their payment options.
type coverage struct {
	regions map[string]bool
	kinds   map[[2]string]bool
	// instances, when not nil, are the catalog instance types the list
	// prices at all (List.Covers): no other is missing from it.
	instances map[string]bool
}

// covered is the coverage of offers: an offer of the file outside it is
// not missing from the list, only outside a partial list (one region's
// file, a page of one size).
func covered(list *List, prov *catalog.Provider) coverage {
	c := coverage{regions: map[string]bool{}, kinds: map[[2]string]bool{}}
	if list.Covers != nil {
		c.instances = map[string]bool{}
		for name := range list.Covers {
			if in := findInstance(prov, name); in != nil {
				c.instances[in.ID] = true
			}
		}
	}
	for _, o := range list.Offers {
		c.regions[catalog.AllRegions] = true
		if r := findRegion(prov, o.Region); r != nil {
			c.regions[r.ID] = true
		}
		c.kinds[[2]string{o.Model, o.Payment}] = true
	}
	return c
}

// missing reports the series of the file that the list covers but does
// not have, and marks them with -retire.
func (d *doc) missing(order []catalog.SeriesKey, series map[catalog.SeriesKey][]int, matched map[catalog.SeriesKey]bool, c coverage, opts Options, sum *Summary) {
	for _, k := range order {
		if matched[k] || !slices.Contains(opts.Models, k.Model) || !c.regions[k.Region] || !c.kinds[[2]string{k.Model, k.Payment}] ||
			(c.instances != nil && !c.instances[k.Instance]) {
			continue
		}
		idx := series[k]
		last := &d.items[idx[len(idx)-1]]
		if last.pp.LastSeen() != "" {
			continue // retired before
		}
		m := Missing{SeriesKey: k, Line: last.node.Line}
		if opts.Retire {
			// The last day it was surely listed: the latest day one of its
			// points was read, first seen or took effect. The file's
			// checked date does not tell: the offer may have been missing
			// at that check already.
			seen := lastSeen(d.items, idx)
			if seen == "" {
				m.NotRetired = "no day it was last seen (no point of it has a day in as_of, first_seen or since)"
			} else if err := d.addKey(last, "last_seen", string(seen)); err != nil {
				m.NotRetired = err.Error()
			} else {
				m.LastSeen = seen
			}
		}
		sum.Missing = append(sum.Missing, m)
	}
}
