package catalog

import (
	"strings"
	"testing"
)

// The dates of Google Cloud prices: a few points pinned to the dated
// histories that date them (the pricing calculator's weekly pricing.yml
// builds, gpuhunt's TPU price table), and the rule every month a
// calculator history gives keeps.

func TestShippedGoogleCloudDates(t *testing.T) {
	cat := shipped(t)
	for _, c := range []struct {
		q             refPrice
		since, asOf   string
		sourceMention string
	}{
		// Spot price of the March 2025 change, the one skypilot-catalog has too.
		{refPrice{"google-cloud", "a2-highgpu-1g", "us-central1", "spot", "USD", 1.44296}, "2025-03", "2026-01-01", "@29db251 (2025-03-13)"},
		{refPrice{"google-cloud", "g2-standard-4", "us-central1", "spot", "USD", 0.28184}, "2025-03", "2026-05-07", "@29db251 (2025-03-13)"},
		// Unchanged since the first calculator build: as of the newest one.
		{refPrice{"google-cloud", "a2-highgpu-8g", "us-central1", "on_demand", "USD", 29.38708}, "unknown", "2026-07-30", "@fd66b26 (2026-07-30)"},
		// The A3 price before and after the build that adds local SSD.
		{refPrice{"google-cloud", "a3-highgpu-8g", "us-east4", "on_demand", "USD", 87.83247}, "unknown", "2024-05-17", "@cc7959e (2024-05-17)"},
		{refPrice{"google-cloud", "a3-highgpu-8g", "us-east4", "on_demand", "USD", 88.5557561512329}, "2024-05", "2026-07-30", "@2561275 (2024-05-21)"},
		// TPU prices gpuhunt's table gives per chip (v5p-8 is 4 chips).
		{refPrice{"google-cloud", "tpu-v6e-8", "us-east1", "on_demand", "USD", 21.6}, "unknown", "2024-12-23", "tpu_pricing.json @b707e74"},
		{refPrice{"google-cloud", "tpu-v5p-8", "us-east5", "on_demand", "USD", 16.8}, "unknown", "2024-12-23", "× 4 chips"},
		{refPrice{"google-cloud", "tpu-v5litepod-4", "us-east5", "spot", "USD", 2.4}, "unknown", "2024-12-23", "\"Spot (USD)\" 0.6"},
	} {
		p, _ := c.q.find(cat)
		if p == nil {
			t.Errorf("no price point %+v", c.q)
			continue
		}
		if string(p.Since) != c.since || p.AsOf() != c.asOf || !strings.Contains(p.Source, c.sourceMention) {
			t.Errorf("%s %s %s %v: since %q, as_of %q, source %q; want since %q, as_of %q and a source naming %q",
				c.q.instance, c.q.region, c.q.model, c.q.amount, p.Since, p.AsOf(), p.Source, c.since, c.asOf, c.sourceMention)
		}
	}

	// The A3 us-east4 history is in date order: the 2024-05-17 price first.
	_, before := refPrice{"google-cloud", "a3-highgpu-8g", "us-east4", "on_demand", "USD", 87.83247}.find(cat)
	_, after := refPrice{"google-cloud", "a3-highgpu-8g", "us-east4", "on_demand", "USD", 88.5557561512329}.find(cat)
	if before < 0 || after < 0 || before > after {
		t.Errorf("a3-highgpu-8g us-east4 on_demand: the 87.83247 point (at %d) must come before the 88.5557561512329 one (at %d)", before, after)
	}

	// A month taken from the calculator's history is only given when the
	// two builds around the change fall in that month, and the note says so.
	n := 0
	for _, p := range cat.Prices {
		if p.Provider != "google-cloud" || !strings.Contains(p.Source, "google-cloud-pricing-cost-calculator pricing.yml hour_spot") {
			continue
		}
		n++
		if _, ok := Date(p.AsOf()).Time(); !ok || Date(p.AsOf()).Precision() != "day" {
			t.Errorf("%s %s spot %v: as_of %q, want the day of the last build with the price", p.Instance, p.Region, refShow(p.Amount), p.AsOf())
		}
		switch {
		case p.Since == Unknown:
		case p.Since.Precision() == "month" && strings.Contains(p.Note(), "both in"):
			if strings.Count(p.Note(), string(p.Since)+"-") < 2 {
				t.Errorf("%s %s spot %v: since %s, but the note does not name two builds of that month: %q", p.Instance, p.Region, refShow(p.Amount), p.Since, p.Note())
			}
		default:
			t.Errorf("%s %s spot %v: since %q, want unknown or the month both builds around the change fall in, said in the note", p.Instance, p.Region, refShow(p.Amount), p.Since)
		}
	}
	if n < 80 {
		t.Errorf("%d Google Cloud spot points come from the calculator's history, want at least 80", n)
	}
}
