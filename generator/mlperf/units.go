package mlperf

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Units of the imported results.
const (
	tokensPerSec  = "tokens/s"
	samplesPerSec = "samples/s"
	queriesPerSec = "queries/s"
	minutes       = "minutes"
)

// tokenResults lists, per inference round, the tasks and scenarios whose
// result MLPerf measures in tokens per second, whatever the Units column
// of summary.csv says: up to v5.0 it labels every Offline result
// "Samples/s" and every Server result "Queries/s". Rounds before v4.0
// had no token metric; rounds after lastTokenRound are not known here.
var tokenResults = map[string]map[string][]string{
	"v4.0": {
		"llama2-70b-99":   {"Offline"},
		"llama2-70b-99.9": {"Offline"},
	},
	"v4.1": {
		"llama2-70b-99":   {"Offline", "Server"},
		"llama2-70b-99.9": {"Offline", "Server"},
		"gptj-99":         {"Offline", "Server"},
		"gptj-99.9":       {"Offline", "Server"},
		"mixtral-8x7b":    {"Offline", "Server"},
	},
	"v5.0": {
		"llama2-70b-99":               {"Offline", "Server"},
		"llama2-70b-99.9":             {"Offline", "Server"},
		"llama2-70b-interactive-99":   {"Offline", "Server"},
		"llama2-70b-interactive-99.9": {"Offline", "Server"},
		"gptj-99":                     {"Offline", "Server"},
		"gptj-99.9":                   {"Offline", "Server"},
		"mixtral-8x7b":                {"Offline", "Server"},
		"llama3.1-405b":               {"Offline", "Server"},
	},
	"v5.1": {
		"llama2-70b-99":    {"Offline", "Server", "Interactive"},
		"llama2-70b-99.9":  {"Offline", "Server", "Interactive"},
		"llama3.1-8b":      {"Offline", "Server", "Interactive"},
		"llama3.1-8b-edge": {"Offline"},
		"mixtral-8x7b":     {"Offline", "Server", "Interactive"},
		"llama3.1-405b":    {"Offline", "Server", "Interactive"},
		"deepseek-r1":      {"Offline", "Server", "Interactive"},
		"whisper":          {"Offline"},
	},
	"v6.0": {
		"gpt-oss-120b":     {"Offline", "Server", "Interactive"},
		"llama2-70b-99":    {"Offline", "Server", "Interactive"},
		"llama2-70b-99.9":  {"Offline", "Server", "Interactive"},
		"llama3.1-8b":      {"Offline", "Server", "Interactive"},
		"llama3.1-8b-edge": {"Offline"},
		"mixtral-8x7b":     {"Offline", "Server", "Interactive"},
		"llama3.1-405b":    {"Offline", "Server", "Interactive"},
		"deepseek-r1":      {"Offline", "Server", "Interactive"},
		"whisper":          {"Offline"},
	},
}

// lastTokenRound is the newest round tokenResults knows.
const lastTokenRound = "v6.0"

// tokenTask reports whether any round measures task in tokens per second.
func tokenTask(task string) bool {
	for _, tasks := range tokenResults {
		if _, ok := tasks[task]; ok {
			return true
		}
	}
	return false
}

// benchmarkUnit is the unit of the benchmark a (task, scenario) of an
// inference round goes in: tokens/s for a task that any round measures
// in tokens; otherwise samples/s offline and queries/s under load.
func benchmarkUnit(task, scenario string) string {
	switch {
	case tokenTask(task):
		return tokensPerSec
	case scenario == "Offline":
		return samplesPerSec
	}
	return queriesPerSec
}

// inferenceUnit is the unit of one inference result: the Units column
// corrected by tokenResults. n says what was corrected or what the
// unit means; skip says why the row cannot be imported.
func inferenceUnit(version, task, scenario, label string) (unit string, n note, skip string) {
	l := strings.ToLower(strings.TrimSpace(label))
	switch {
	case l == "tokens/s":
		return tokensPerSec, note{}, ""
	case strings.HasPrefix(l, "latency") || (l == "" && (scenario == "SingleStream" || scenario == "MultiStream")):
		return "", note{}, fmt.Sprintf("scenario %s gives a latency, not a throughput", scenario)
	case l == "samples/s" || (l == "" && scenario == "Offline"):
		unit = samplesPerSec
	case l == "queries/s" || (l == "" && (scenario == "Server" || scenario == "Interactive")):
		unit = queriesPerSec
	default:
		return "", note{}, fmt.Sprintf("unit %q is not a throughput this importer knows (Samples/s, Queries/s, Tokens/s)", label)
	}
	if tasks, ok := tokenResults[version]; ok {
		if slices.Contains(tasks[task], scenario) {
			n = note{en: fmt.Sprintf("summary.csv labels the unit %q, but MLPerf Inference %s measures %s %s in tokens per second: the value is tokens/s.", label, version, task, scenario)}
			if c, ok := code(label); ok {
				n.zh = fmt.Sprintf("`summary.csv`标注的单位是%s，但MLPerf Inference %s的%s%s场景以每秒词元数计量：该数值的单位是词元/秒。", c, version, task, scenarioZh[scenario])
			}
			return tokensPerSec, n, ""
		}
	} else if tokenTask(task) && roundNumbers(version) == nil {
		return "", note{}, fmt.Sprintf("the round is not a version such as v4.1: cannot tell whether %q means tokens/s for %s", label, task)
	} else if tokenTask(task) && newerRound(version, lastTokenRound) {
		return "", note{}, fmt.Sprintf("round %s is newer than the importer's table of token metrics (up to %s): cannot tell whether %q means tokens/s for %s", version, lastTokenRound, label, task)
	}
	if tokenTask(task) {
		n = note{fmt.Sprintf("MLPerf Inference %s measures %s %s in %s, not tokens/s: compare it only with results in %s.", version, task, scenario, unit, unit),
			fmt.Sprintf("MLPerf Inference %s的%s%s场景以%s计量，而非词元/秒：只与单位同为%s的结果比较。", version, task, scenarioZh[scenario], unitZh[unit], unitZh[unit])}
	}
	return unit, n, ""
}

// newerRound reports whether round a ("v4.1") is newer than round b.
func newerRound(a, b string) bool {
	va, vb := roundNumbers(a), roundNumbers(b)
	return slices.Compare(va, vb) > 0
}

// roundNumbers parses "v4.1" as [4 1]; nil when it is no version.
func roundNumbers(v string) []int {
	var out []int
	for _, p := range strings.Split(strings.TrimPrefix(strings.ToLower(v), "v"), ".") {
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil
		}
		out = append(out, n)
	}
	return out
}
