package site

import (
	"path"
	"strings"
	"testing"

	"gpucompare"
	"gpucompare/generator/note"
	"gpucompare/generator/pricing"
	"gpucompare/generator/site/render"
)

// TestEveryNoteCodeHasAMessage: every code pricing and bench give their
// notes is worded by a message in every language, so a new code without
// one fails here. The guides' test does the same for the kinds of
// condition an offer misses (guides.TestEveryMissKindHasAMessage).
// The scenario kind's test does the same for pricing's cost notes and
// reasons (kinds.TestEveryCostNoteAndReasonHasAMessage).
func TestEveryNoteCodeHasAMessage(t *testing.T) {
	tfs := mustSub(t, gpucompare.Assets, "templates")
	for _, lang := range append([]string{"en"}, languages(t, tfs)...) {
		m, err := render.LoadMessages(tfs, lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		codes := 0
		for prefix, cs := range render.NoteMessages() {
			for _, c := range cs {
				codes++
				if _, ok := m[prefix+c]; !ok {
					t.Errorf("%s: no message %q for the note code %q", lang, prefix+c, c)
				}
			}
		}
		if codes == 0 {
			t.Fatal("no note code")
		}
	}
}

// TestNotesWordedWithTheirArguments: a note is worded by the message of
// its code with its arguments in their places, a count and a figure as
// the language writes figures.
func TestNotesWordedWithTheirArguments(t *testing.T) {
	x := englishTexter(t)
	for _, tt := range []struct {
		prefix string
		notes  []note.Note
		want   string
	}{
		{"exports.basis.", (&pricing.Hourly{Basis: pricing.BasisUpfront, Of: 8760}).BasisNotes(), "upfront over 8,760 h + hourly"},
		{"exports.basis.", (&pricing.Hourly{Basis: pricing.BasisOffOnDemand, Of: 41.5}).BasisNotes(), "41.5% off on-demand"},
		{"exports.basis.", (&pricing.Hourly{Basis: pricing.BasisHourly, GPUs: 8}).BasisNotes(), "hourly × 8 GPUs"},
		{"exports.basis.", (&pricing.Hourly{Basis: pricing.BasisMonthly, Of: pricing.HoursPerMonth}).BasisNotes(), "monthly ÷ 730 h"},
		{"exports.not_costed.", []note.Note{note.New("too_large", note.Count(1024), "H100", 8)}, "it ran on 1,024 GPUs, more than any offer holds: the largest priced H100 instance has 8, and the catalog states no cluster size"},
		{"bench.flag.", []note.Note{note.New("cluster", note.Count(128))}, "A cluster of 128 instances: the catalog does not say the offer has RDMA between them."},
	} {
		got, err := x.M.Notes(tt.prefix, tt.notes, "")
		if err != nil || got != tt.want {
			t.Errorf("%v: %q, %v; want %q", tt.notes, got, err, tt.want)
		}
	}
	if _, err := x.M.Note("exports.basis.", note.New("no_such_code")); err == nil || err.Error() != `no message "exports.basis.no_such_code" in templates/messages` {
		t.Errorf("a code without a message: %v", err)
	}
}

// checkChineseNotes checks that a zh-CN build of the shipped catalog words
// the notes the stages compute in Chinese: the basis of a price worked out
// from a discount off on-demand in the offers' export and the matrix
// script's data, why a result is not costed on its benchmark page and in
// the results' export.
func checkChineseNotes(t *testing.T, files Files) {
	t.Helper()
	for _, c := range []struct{ path, want, english string }{
		{"compare/offers.json", `"basis": "比按量计费低50%"`, "off on-demand"},
		{"compare/offers-*.js", `"basis":"比按量计费低50%"`, "off on-demand"},
		// The TPU v5e run: the catalog rents TPU v5e, so the result is
		// costed as a GPU's is, and too large for any offer.
		{"benchmarks/results.json", `"not_costed": "它用了4,096个GPU，超过任何报价的容量：TPU v5e实例中有价的最大规格为8个GPU，且目录未注明集群规模"`, "more than any offer"},
		{"benchmarks/mlperf-training-stable-diffusion/index.html", "未计算成本：它用了1,024个GPU", "Not costed"},
	} {
		data := string(files[c.path])
		if strings.Contains(c.path, "*") { // the matrix's data scripts, all of them
			for p, f := range files {
				if ok, _ := path.Match(c.path, p); ok {
					data += string(f)
				}
			}
		}
		if data == "" {
			t.Errorf("%s: not built", c.path)
			continue
		}
		if !strings.Contains(data, c.want) {
			t.Errorf("%s: no %q", c.path, c.want)
		}
		if strings.Contains(data, c.english) {
			t.Errorf("%s: still says %q in English", c.path, c.english)
		}
	}
}
