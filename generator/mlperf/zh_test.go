package mlperf

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"gpucompare/generator/catalog"
)

// figure is a number as a note writes it: 8, 1.0033670033670032, v4.0's 4.0.
var figure = regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)

// TestNotesInChinese imports every excerpt and loads it: each result's
// notes have Chinese text, and it holds the figures of the English, no
// more and no fewer, in the same order.
func TestNotesInChinese(t *testing.T) {
	for _, ex := range excerpts {
		t.Run(ex.file, func(t *testing.T) {
			cat := loaded(t, ex.file)
			n := 0
			for _, b := range cat.Benchmarks {
				for _, r := range b.Results {
					zh, ok := catalog.Text(r, "notes", zhCN)
					if !ok || zh == r.Notes {
						t.Errorf("%s: notes %q have no Chinese text", b.ID, r.Notes)
						continue
					}
					if en, got := figure.FindAllString(r.Notes, -1), figure.FindAllString(zh, -1); !slices.Equal(en, got) {
						t.Errorf("%s: the Chinese notes give the figures %v, the English %v:\n%s\n%s", b.ID, got, en, zh, r.Notes)
					}
					n++
				}
			}
			if n == 0 {
				t.Fatal("no results")
			}
		})
	}
}

// TestNotesWithoutChinese: a sentence the importer cannot word in
// Chinese (a status it does not know, a name holding a backquote) leaves
// the result's Chinese out, so that check counts the note, rather than
// half a translation.
func TestNotesWithoutChinese(t *testing.T) {
	tests := []struct {
		name string
		set  map[string]string
		zh   string // a part of the Chinese notes; "" when there are none
	}{
		{"known status", map[string]string{"Availability": "preview"}, "上市状态：预览（尚未正式上市）。"},
		{"unknown status", map[string]string{"Availability": "coming soon"}, ""},
		{"submitter's notes", map[string]string{"notes": "H100 TGP 700W"}, "提交方备注：`H100 TGP 700W`。"},
		{"backquote in a name", map[string]string{"host_processor_model_name": "Xeon `8480`"}, ""},
		{"nodes", map[string]string{"number_of_nodes": "2"}, "2个节点，每节点8块加速卡。来源对该加速卡的称呼：`NVIDIA H100-SXM-80GB`。主机处理器：2颗`CPU`。"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im, err := Read(strings.NewReader(inferenceHeader+row(tt.set)), "test.csv", Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer im.Close()
			out, err := im.YAML()
			if err != nil {
				t.Fatal(err)
			}
			has := strings.Contains(string(out), "zh-CN:")
			switch {
			case tt.zh == "" && has:
				t.Errorf("Chinese notes written:\n%s", out)
			case tt.zh != "" && !strings.Contains(string(out), tt.zh):
				t.Errorf("want the Chinese notes to say %q:\n%s", tt.zh, out)
			}
		})
	}
}
