package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportedNotesHaveChinese: every price point an import writes with
// a note (each format's merge, in testdata) carries the note in Chinese
// in its i18n, so that a refresh brings no English note to the Chinese
// edition and check counts none.
func TestImportedNotesHaveChinese(t *testing.T) {
	diffs, err := filepath.Glob("testdata/*/*.diff")
	if err != nil {
		t.Fatal(err)
	}
	notes := 0
	for _, path := range diffs {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i, line := range lines {
			if !strings.HasPrefix(line, "+  note: ") {
				continue
			}
			notes++
			if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], `+  i18n: {zh-CN: {note: "`) {
				t.Errorf("%s:%d: a note written without its Chinese text: %s", path, i+1, line)
			}
		}
	}
	if notes < 10 {
		t.Fatalf("read %d written notes in %d merges: want the merges of every format", notes, len(diffs))
	}
}

// TestZhTerms: every pricing term the China clouds' importers write has
// Chinese words, not the English term in code.
func TestZhTerms(t *testing.T) {
	for term := range zhTerms {
		if strings.Contains(zhTerms[term], "`") {
			t.Errorf("zhTerms[%q] = %q", term, zhTerms[term])
		}
	}
	for term, want := range map[string]string{
		"spot (SpotAsPriceGo), by the hour":                       "抢占式实例（`SpotAsPriceGo`），按小时",
		"spot (SpotWithPriceLimit), by the hour, in cn-beijing-f": "抢占式实例（`SpotWithPriceLimit`），按小时，可用区 `cn-beijing-f`",
		"pay-as-you-go (POSTPAID_BY_HOUR), by the hour":           "按量计费，按小时",
	} {
		if got := zhTerm(term); got != want {
			t.Errorf("zhTerm(%q) = %q, want %q", term, got, want)
		}
	}
	if got := zhDate("2026-12-01"); got != "2026年12月1日" {
		t.Errorf("zhDate = %q", got)
	}
	if got := zhMoney("4.4", "USD"); got != "4.4美元" {
		t.Errorf("zhMoney = %q", got)
	}
}
