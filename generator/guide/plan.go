package guide

import (
	"gpucompare/generator/catalog"
	"gpucompare/generator/pricing"
)

// A short list ends with a trial plan: the seed guides both advise a free
// trial of three to five days on the short-listed offers before buying.
// The plan names the first offers of the list to try (one instance type
// each), how long, what to run and what the trial costs at today's
// prices: every hour of the days at the price that answers for the offer
// under the current-first rule (pricing.Price.Answers).

// Trial days and offers of a plan.
const (
	MinTrialDays    = 3
	MaxTrialDays    = 5
	MaxTrialOffers  = 3
	trialHoursInDay = 24
)

// TrialPlan is the plan of a trial of a short list's first offers.
type TrialPlan struct {
	Offers []*TrialOffer
	// Benchmark is what to run: a catalog benchmark that has a result
	// on the GPU of the plan's first offer, or of another of its offers;
	// nil when none has, and the team runs its own workload.
	Benchmark *catalog.Benchmark
	Currency  string // the site currency the budget is in
	// MinBudget and MaxBudget are what the trials of every offer cost
	// together over MinTrialDays and MaxTrialDays.
	MinBudget, MaxBudget float64
}

// TrialOffer is one offer of a plan at the price its budget is worked
// out at.
type TrialOffer struct {
	Offer *pricing.Offer
	Price *pricing.Price
	// Hourly is the price of an hour of the instance in the site currency.
	Hourly float64
	// MinCost and MaxCost are MinTrialDays and MaxTrialDays of it.
	MinCost, MaxCost float64
	// Current says the price is current; false for a stale or undated
	// price that stands in where the list has no current one, which the
	// team confirms with the provider before the trial.
	Current bool
}

// PlanTrial plans a trial of the first MaxTrialOffers offers of a short
// list, in its order, one per instance type, each at its price under the
// first of models it has a converted price under, current first; offers
// with no such price are passed over. An offer the team holds a quote
// for is tried at its quote, not at its list price (OneOfQuoted).
func PlanTrial(cat *catalog.Catalog, offers []*pricing.Offer, models []string) *TrialPlan {
	plan := &TrialPlan{Currency: cat.Site.Currency}
	offers = OneOfQuoted(offers)
	seen := map[*catalog.Instance]bool{}
	for _, o := range offers {
		if len(plan.Offers) == MaxTrialOffers {
			break
		}
		if seen[o.Instance] {
			continue
		}
		pr := trialPrice(o, models)
		if pr == nil {
			continue
		}
		seen[o.Instance] = true
		to := &TrialOffer{Offer: o, Price: pr, Hourly: pr.Display, Current: pr.Answers(pricing.Include{}) && !pr.Fallback}
		to.MinCost = to.Hourly * trialHoursInDay * MinTrialDays
		to.MaxCost = to.Hourly * trialHoursInDay * MaxTrialDays
		plan.MinBudget += to.MinCost
		plan.MaxBudget += to.MaxCost
		plan.Offers = append(plan.Offers, to)
	}
	plan.Benchmark = trialBenchmark(cat, plan.Offers)
	return plan
}

// trialPrice is the offer's price under the first model with a
// converted price that answers, else under the first with a converted
// price that answers with stale prices included; nil when none has.
func trialPrice(o *pricing.Offer, models []string) *pricing.Price {
	for _, inc := range []pricing.Include{{}, {Stale: true}} {
		for _, m := range models {
			if pr := o.Prices[m]; pr != nil && pr.Converted && Answers(o, m, inc) {
				return pr
			}
		}
	}
	return nil
}

// trialBenchmark is the first catalog benchmark with a result on the GPU
// of the first offer that has one, so that the trial's figure stands
// beside published ones; nil when no benchmark has.
func trialBenchmark(cat *catalog.Catalog, offers []*TrialOffer) *catalog.Benchmark {
	for _, to := range offers {
		for _, b := range cat.Benchmarks {
			for _, r := range b.Results {
				if r.GPU == to.Offer.Instance.GPU {
					return b
				}
			}
		}
	}
	return nil
}

// Hours is how many hours of an instance a trial of days days buys.
func Hours(days int) int { return days * trialHoursInDay }
