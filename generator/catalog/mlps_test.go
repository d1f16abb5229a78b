package catalog

import (
	"slices"
	"testing"
)

// mlpsProvider is a provider file with the given lines after its currency.
func mlpsProvider(lines string) map[string]string {
	return map[string]string{"data/providers/cn.yaml": `id: cn
name: CN Cloud
kind: china_cloud
currency: CNY
` + lines}
}

// TestMLPSErrors: each fault of a provider's MLPS (等保) record is told at
// its position, with what would be right; an MLPS status written as a
// certification is sent to the record.
func TestMLPSErrors(t *testing.T) {
	tests := []struct {
		name, lines, want string
	}{
		{
			name:  "no level",
			lines: "mlps:\n  checked: 2026-12-04\n  source: https://example.com/mlps\n",
			want:  "data/providers/cn.yaml:6:3: provider \"cn\" mlps: level is missing: want 1 to 5, the level the provider's pages state, or none-stated\n",
		},
		{
			name:  "a level that is not one",
			lines: "mlps:\n  level: three\n  checked: 2026-12-04\n  source: https://example.com/mlps\n",
			want:  "data/providers/cn.yaml:6:10: provider \"cn\" mlps: level \"three\" is not an MLPS level: want 1 to 5, the level the provider's pages state, or none-stated\n",
		},
		{
			name:  "level 6",
			lines: "mlps:\n  level: 6\n  checked: 2026-12-04\n  source: https://example.com/mlps\n",
			want:  "data/providers/cn.yaml:6:10: provider \"cn\" mlps: level \"6\" is not an MLPS level: want 1 to 5, the level the provider's pages state, or none-stated\n",
		},
		{
			name:  "filed with a stated level",
			lines: "mlps:\n  level: 3\n  filed: true\n  checked: 2026-12-04\n  source: https://example.com/mlps\n",
			want:  "data/providers/cn.yaml:7:10: provider \"cn\" mlps: filed goes with level none-stated: a stated level is a filing; leave filed out\n",
		},
		{
			name:  "no checked day",
			lines: "mlps:\n  level: none-stated\n  source: https://example.com/mlps\n",
			want:  "data/providers/cn.yaml:6:3: provider \"cn\" mlps: checked is missing: want the day the provider's own pages were read, YYYY-MM-DD\n",
		},
		{
			name:  "checked not a day",
			lines: "mlps:\n  level: none-stated\n  checked: 2026-12\n  source: https://example.com/mlps\n",
			want:  "data/providers/cn.yaml:7:12: provider \"cn\" mlps: checked 2026-12 is not a day: want YYYY-MM-DD\n",
		},
		{
			name:  "no source",
			lines: "mlps:\n  level: 3\n  checked: 2026-12-04\n",
			want:  "data/providers/cn.yaml:6:3: provider \"cn\" mlps: source is missing: every number that came from outside cites where (a URL or a citation in words)\n",
		},
		{
			name:  "a source that is not http",
			lines: "mlps:\n  level: 3\n  checked: 2026-12-04\n  source: javascript:alert(1)\n",
			want:  "data/providers/cn.yaml:8:11: provider \"cn\" mlps: source URL \"javascript:alert(1)\" has scheme \"javascript\": want http or https\n",
		},
		{
			name:  "an MLPS status among the certifications",
			lines: "certifications:\n  list: [ISO 27001, 等保三级, MLPS (level not stated)]\n  source: https://example.com/certs\n",
			want: "data/providers/cn.yaml:6:21: provider \"cn\" certifications: list[1] \"等保三级\" is an MLPS (等保) status: state it in the provider's mlps record instead (mlps: {level: 1 to 5 or none-stated, checked: YYYY-MM-DD, source: …})\n" +
				"data/providers/cn.yaml:6:27: provider \"cn\" certifications: list[2] \"MLPS (level not stated)\" is an MLPS (等保) status: state it in the provider's mlps record instead (mlps: {level: 1 to 5 or none-stated, checked: YYYY-MM-DD, source: …})\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, r := load(t, mlpsProvider(tc.lines))
			if got := r.String(); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestMLPSRecord: a stated level stands among the provider's
// certifications as 等保N级, and meets a limit that names it; a filing
// without a level is MLPSFiledName; none stated adds nothing.
func TestMLPSRecord(t *testing.T) {
	for _, tc := range []struct {
		lines string
		certs []string
		l3    bool
	}{
		{"mlps: {level: 3, checked: 2026-12-06, source: https://example.com/m}\n", []string{"等保三级"}, true},
		{"mlps: {level: 4, checked: 2026-12-06, source: https://example.com/m}\n", []string{"等保四级"}, false},
		{"mlps: {level: none-stated, filed: true, checked: 2026-12-04, source: https://example.com/m}\n", []string{MLPSFiledName}, false},
		{"mlps: {level: none-stated, checked: 2026-12-04, source: https://example.com/m}\n", nil, false},
		{"", nil, false},
	} {
		cat, r := load(t, mlpsProvider(tc.lines))
		if r.String() != "" {
			t.Fatalf("%s: %s", tc.lines, r)
		}
		p := cat.Provider("cn")
		if got := p.Certs(); !slices.Equal(got, tc.certs) {
			t.Errorf("%s: certs %q, want %q", tc.lines, got, tc.certs)
		}
		if got := p.States("等保三级"); got != tc.l3 {
			t.Errorf("%s: states 等保三级 %v, want %v", tc.lines, got, tc.l3)
		}
	}
}
