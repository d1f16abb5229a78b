package main

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestRefreshShippedKeysCanary refreshes Alibaba Cloud and Tencent Cloud
// from the shipped data/sources.yaml, every variable it names set to a
// canary value of its own, the providers' hosts answered by a test server
// with the documentation's example answers: each site's source signs with
// its own pair (the China site's id on the China site's requests, the
// international site's on its own), every run succeeds (an answer in the
// other site's currency is skipped, not an error), and no canary secret
// shows in any output, saved copy or price file.
func TestRefreshShippedKeysCanary(t *testing.T) {
	sources := shippedSources(t)
	// Every variable named, a canary of its own: an id "ID-<name>", a
	// secret "CANARY-<n>-…".
	var secrets []string
	for i, s := range sources.Sources {
		if s.Secret == nil {
			continue
		}
		for _, v := range []string{s.Secret.IDEnv, s.Secret.ProjectEnv} {
			if v != "" {
				t.Setenv(v, "ID-"+v)
			}
		}
		secret := "CANARY-" + string(rune('a'+i)) + "-5e0c+key/="
		t.Setenv(s.Secret.Env, secret)
		secrets = append(secrets, secret)
	}
	aliyun := docExampleAnswer(t, "aliyun-describeprice/describeprice-doc-example.json")
	postpaid := docExampleAnswer(t, "tencent-inquiryprice/postpaid-doc-example.json")
	prepaid := docExampleAnswer(t, "tencent-inquiryprice/prepaid-doc-example.json")
	var mu sync.Mutex
	ids := map[string]map[string]int{} // host: key id: requests
	serveProviderHosts(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		id := r.URL.Query().Get("AccessKeyId")
		if a := r.Header.Get("Authorization"); strings.Contains(a, "Credential=") {
			id, _, _ = strings.Cut(strings.SplitN(a, "Credential=", 2)[1], "/")
		}
		mu.Lock()
		if ids[r.Host] == nil {
			ids[r.Host] = map[string]int{}
		}
		ids[r.Host][id]++
		mu.Unlock()
		switch {
		case r.Host == "ecs.aliyuncs.com":
			w.Write(aliyun)
		case strings.Contains(string(body), `"PREPAID"`):
			w.Write(prepaid)
		default:
			w.Write(postpaid)
		}
	})
	root := shippedDataRoot(t, "")
	cache := t.TempDir()
	var outputs string
	for _, provider := range []string{"alibaba-cloud", "tencent-cloud"} {
		code, stdout, stderr := runRefresh(t, "-root", root, "-cache", cache, "-as-of", "2026-12-01", "-only", provider)
		outputs += stdout + stderr
		if code != 0 || !strings.Contains(stdout, "wrote data/prices/"+provider+".yaml") {
			t.Fatalf("%s: exit %d\n%s", provider, code, tail(stdout+stderr, 40))
		}
	}
	want := map[string]string{
		"ecs.aliyuncs.com":             "ID-GPUCOMPARE_ALIYUN_ACCESS_KEY_ID ID-GPUCOMPARE_ALIYUN_INTL_ACCESS_KEY_ID",
		"cvm.tencentcloudapi.com":      "ID-GPUCOMPARE_TENCENT_SECRET_ID",
		"cvm.intl.tencentcloudapi.com": "ID-GPUCOMPARE_TENCENT_INTL_SECRET_ID",
	}
	for host, w := range want {
		var got []string
		for id := range ids[host] {
			got = append(got, id)
		}
		slices.Sort(got)
		if strings.Join(got, " ") != w {
			t.Errorf("%s was asked with key ids %v; want %s", host, ids[host], w)
		}
	}
	noSecretsIn(t, outputs, []string{root, cache}, append(secrets, "5e0c")...)
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
