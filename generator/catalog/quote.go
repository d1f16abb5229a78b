package catalog

import (
	"fmt"
	"io/fs"
	"math"
	"path"
	"reflect"
	"slices"
	"strings"
	"time"
)

// OverlayDir is the folder under which a site root loaded with an overlay
// (see WithOverlay) sees the overlay root: the overlay's quotes are
// overlay/data/quotes/*.yaml, and its diagnostics name them so.
const OverlayDir = "overlay"

// OverlayEntries are what the data/ folder of an overlay root may hold.
var OverlayEntries = []string{"quotes", "trials"}

// overlayFiles are the kinds of record an overlay's data/ holds, by
// folder.
var overlayFiles = map[string]reflect.Type{
	"quotes": reflect.TypeFor[*Quote](),
	"trials": reflect.TypeFor[*Trial](),
}

// Quote is a price a provider quoted a team privately for an offer
// (data/quotes/ID.yaml of an overlay root): never part of a public build.
type Quote struct {
	ID    string     `yaml:"id"`
	Offer TrialOffer `yaml:"offer"`
	// Amount is the quoted price per hour of one instance, in Currency.
	Amount   *float64 `yaml:"amount"`
	Currency string   `yaml:"currency"`
	// Term is what the price commits to, in words: "12 months", "none".
	Term       string `yaml:"term"`
	ValidFrom  Date   `yaml:"valid_from"`
	ValidUntil Date   `yaml:"valid_until"` // its last valid day
	// DiscountPct is the discount against list as the quote states it;
	// left out, it is worked out against the list price of the offer.
	DiscountPct *float64 `yaml:"discount_pct"`
	Reference   string   `yaml:"reference"`    // the seller's quote reference
	ContactRole string   `yaml:"contact_role"` // a role, never a person's name
	Notes       string   `yaml:"notes"`

	file string
	at   *place
}

// File is the name the quote was loaded from.
func (q *Quote) File() string { return q.file }

// Expired reports whether the quote's last valid day is before day.
func (q *Quote) Expired(day time.Time) bool {
	t, ok := q.ValidUntil.Time()
	return ok && t.Before(day.Truncate(24*time.Hour))
}

// QuoteTerms are what a price made from a quote says beside its figure:
// the quote, and how far below the list price of the same offer it is.
type QuoteTerms struct {
	Quote *Quote
	// Against is the discount against list in percent: as the quote
	// states it (Stated), else worked out from the list price; NaN when
	// neither is known. Negative when the quote is above list.
	Against float64
	Stated  bool
}

// HasAgainst says whether the discount against list is known.
func (t *QuoteTerms) HasAgainst() bool { return t.Against == t.Against }

// AgainstText is the discount against list, rounded to a whole percent.
func (t *QuoteTerms) AgainstText() int { return int(math.Round(t.Against)) }

// Above is how far above list the quote is, in whole percent.
func (t *QuoteTerms) Above() int { return -t.AgainstText() }

// QuotesOf are the quotes for the instance type in, in file order.
func (c *Catalog) QuotesOf(in *Instance) []*Quote {
	var out []*Quote
	for _, q := range c.Quotes {
		if in.Provider != nil && q.Offer.Provider == in.Provider.ID && q.Offer.Instance == in.ID {
			out = append(out, q)
		}
	}
	return out
}

// WithOverlay is the site root base with the overlay root over seen
// under OverlayDir, for Load to read the overlay's quotes and trials.
func WithOverlay(base, over fs.FS) fs.FS { return overlayFS{base, over} }

type overlayFS struct{ base, over fs.FS }

func (o overlayFS) route(name string) (fs.FS, string) {
	if rest, ok := strings.CutPrefix(name, OverlayDir+"/"); ok {
		return o.over, rest
	}
	if name == OverlayDir {
		return o.over, "."
	}
	return o.base, name
}

func (o overlayFS) Open(name string) (fs.File, error) {
	f, n := o.route(name)
	return f.Open(n)
}

func (o overlayFS) ReadFile(name string) ([]byte, error) {
	f, n := o.route(name)
	return fs.ReadFile(f, n)
}

func (o overlayFS) ReadDir(name string) ([]fs.DirEntry, error) {
	f, n := o.route(name)
	return fs.ReadDir(f, n)
}

func (o overlayFS) Stat(name string) (fs.FileInfo, error) {
	f, n := o.route(name)
	return fs.Stat(f, n)
}

// loadOverlay reads the overlay's quotes and trials, when the load has
// an overlay.
func (qr quoteRules) loadOverlay() {
	l := qr.l
	if _, ok := l.fsys.(overlayFS); !ok {
		return
	}
	dir := path.Join(OverlayDir, DataDir)
	entries, err := fs.ReadDir(l.fsys, dir)
	if err != nil {
		l.errorf(Pos{File: dir + "/"}, "no overlay here: want a folder data/ holding quotes/ (and optionally trials/)")
		return
	}
	for _, e := range entries {
		if !slices.Contains(OverlayEntries, e.Name()) && !strings.HasPrefix(e.Name(), ".") {
			l.errorf(Pos{File: path.Join(dir, e.Name())}, "unknown overlay entry %q: an overlay's data/ holds %s", e.Name(), strings.Join(OverlayEntries, ", "))
		}
	}
	for _, name := range l.yamlFiles(path.Join(dir, "trials")) {
		trialRules{l}.load(name)
	}
	for _, name := range l.yamlFiles(path.Join(dir, "quotes")) {
		q := new(Quote)
		if root := l.decodeFile(name, q, true); root != nil {
			q.at, q.file = root, name
			l.cat.Quotes = append(l.cat.Quotes, q)
		}
	}
}

// quoteRules are the checks of the quotes of a load.
type quoteRules struct{ l *loader }

// validate checks every quote: its offer in the catalog, its price, its
// dates, and who to ask about it.
func (qr quoteRules) validate() {
	l := qr.l
	files := map[string]string{}
	for _, q := range l.cat.Quotes {
		r := record{l: l, file: q.file, at: q.at, name: fmt.Sprintf("quote %q", q.ID)}
		if !r.ownFile(q.ID, "quote", files) {
			continue
		}
		trialRules{l}.checkOffer(r, q.Offer)
		if child(q.at, "amount") == nil || q.Amount == nil {
			r.errorf("amount", "amount is missing: want the quoted price per hour of one instance")
		} else {
			r.positive("amount", q.Amount)
		}
		r.convertibleCurrency("currency", q.Currency)
		r.required("term", q.Term, "what the price commits to, such as \"12 months\" or \"none\"")
		for _, d := range []struct {
			key  string
			date Date
			want string
		}{{"valid_from", q.ValidFrom, "the quote's first valid day"}, {"valid_until", q.ValidUntil, "the quote's last valid day"}} {
			if d.date == "" {
				r.errorf(d.key, "%s is missing: want %s, YYYY-MM-DD", d.key, d.want)
			} else {
				r.day(d.key, d.date)
			}
		}
		if s, ok := q.ValidFrom.Time(); ok && len(q.ValidFrom) == len("2006-01-02") {
			if e, ok := q.ValidUntil.Time(); ok && len(q.ValidUntil) == len("2006-01-02") && e.Before(s) {
				r.errorf("valid_until", "valid_until %s is before valid_from %s: want the quote's last valid day", q.ValidUntil, q.ValidFrom)
			}
		}
		if d := q.DiscountPct; d != nil && (*d <= 0 || *d >= 100) {
			r.errorf("discount_pct", "discount_pct must be between 0 and 100 (a percentage off list), got %s", num(*d))
		}
		r.required("reference", q.Reference, "the seller's quote reference, such as \"Q-2026-0412\"")
		r.required("contact_role", q.ContactRole, "who to ask about it, as a role such as \"account manager\" (never a person's name)")
	}
}

// convertibleCurrency checks a required currency code that must convert
// to the site currency.
func (r record) convertibleCurrency(key, c string) {
	if r.required(key, c, "an ISO 4217 code such as USD") {
		if !currencyPattern.MatchString(c) {
			r.errorf(key, "%s %q is not a currency code: want three capital letters such as USD or CNY", key, c)
		} else if !convertible(r.l.cat, c) {
			r.errorf(key, "no exchange rate from %s to the site currency %s in data/fx.yaml: add one, dated and sourced", c, r.l.cat.Site.Currency)
		}
	}
}
