package catalog

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// goodQuote is a complete quote for the base catalog's offer.
const goodQuote = `id: q1
offer:
  provider: aws
  instance: p4d.24xlarge
  region: us-east-1
  model: on_demand
amount: 26.87
currency: USD
term: 12 months
valid_from: 2025-06-01
valid_until: 2025-09-30
reference: Q-2025-0412
contact_role: account manager
notes: volume tier from 64 GPUs
`

// loadWithOverlay loads the base catalog with an overlay root holding files.
func loadWithOverlay(t *testing.T, files map[string]string) (*Catalog, Report) {
	t.Helper()
	root := fstest.MapFS{}
	for name, text := range base {
		root[name] = &fstest.MapFile{Data: []byte(text)}
	}
	over := fstest.MapFS{}
	for name, text := range files {
		over[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return Load(WithOverlay(root, over))
}

func TestQuoteLoadsFromOverlay(t *testing.T) {
	c, r := loadWithOverlay(t, map[string]string{"data/quotes/q1.yaml": goodQuote, "data/trials/t1.yaml": strings.Replace(goodTrial, "  - benchmark: llm\n    value: 12000\n", "", 1)})
	if len(r) != 0 {
		t.Fatalf("want no diagnostics, got:\n%s", r)
	}
	if len(c.Quotes) != 1 || *c.Quotes[0].Amount != 26.87 || c.Quotes[0].Reference != "Q-2025-0412" {
		t.Fatalf("quote decoded wrong: %+v", c.Quotes)
	}
	if got := c.Quotes[0].File(); got != "overlay/data/quotes/q1.yaml" {
		t.Errorf("quote file %q, want overlay/data/quotes/q1.yaml", got)
	}
	if len(c.Trials) != 1 {
		t.Errorf("overlay trials: %d, want 1", len(c.Trials))
	}
	if got := c.QuotesOf(c.Provider("aws").Instance("p4d.24xlarge")); len(got) != 1 {
		t.Errorf("QuotesOf the instance: %d quotes, want 1", len(got))
	}
	q := c.Quotes[0]
	if q.Expired(time.Date(2025, 9, 30, 12, 0, 0, 0, time.UTC)) {
		t.Error("expired on its last valid day")
	}
	if !q.Expired(time.Date(2025, 10, 1, 0, 0, 0, 0, time.UTC)) {
		t.Error("not expired the day after its last valid day")
	}
}

func TestQuotesOutsideAnOverlayAreRefused(t *testing.T) {
	_, r := load(t, map[string]string{"data/quotes/q1.yaml": goodQuote})
	want := "data/quotes/: quotes are private and never part of the public catalog: keep data/quotes/ in an overlay root and build with -overlay DIR\n"
	if r.String() != want {
		t.Errorf("got:\n%swant:\n%s", r, want)
	}
}

func TestQuoteValidationErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{
			name:  "offer, amount, currency",
			files: map[string]string{"data/quotes/q1.yaml": strings.NewReplacer("region: us-east-1", "region: eu-west-1", "amount: 26.87", "amount: -1", "currency: USD", "currency: usd").Replace(goodQuote)},
			want: `overlay/data/quotes/q1.yaml:5:11: quote "q1" offer: region "eu-west-1" is not a region of provider "aws" (did you mean "us-east-1"?)
overlay/data/quotes/q1.yaml:7:9: quote "q1": amount must be > 0, got -1
overlay/data/quotes/q1.yaml:8:11: quote "q1": currency "usd" is not a currency code: want three capital letters such as USD or CNY
`,
		},
		{
			name:  "dates, discount, reference, contact",
			files: map[string]string{"data/quotes/q1.yaml": strings.NewReplacer("valid_until: 2025-09-30", "valid_until: 2025-05-30", "reference: Q-2025-0412\n", "discount_pct: 120\n", "contact_role: account manager", "contact_role: \" \"").Replace(goodQuote)},
			want: `overlay/data/quotes/q1.yaml:1:1: quote "q1": reference is missing: want the seller's quote reference, such as "Q-2026-0412"
overlay/data/quotes/q1.yaml:11:14: quote "q1": valid_until 2025-05-30 is before valid_from 2025-06-01: want the quote's last valid day
overlay/data/quotes/q1.yaml:12:15: discount_pct must be at most 100 (a percentage), got 120
overlay/data/quotes/q1.yaml:13:15: quote "q1": contact_role is missing: want who to ask about it, as a role such as "account manager" (never a person's name)
`,
		},
		{
			name:  "an overlay holds quotes and trials only",
			files: map[string]string{"data/quotes/q1.yaml": goodQuote, "data/prices/aws.yaml": "x: 1\n"},
			want: `overlay/data/prices: unknown overlay entry "prices": an overlay's data/ holds quotes, trials
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, r := loadWithOverlay(t, tt.files)
			if r.String() != tt.want {
				t.Errorf("got:\n%swant:\n%s", r, tt.want)
			}
		})
	}
}
