package refresh

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
)

// pagers give, by format, the URL of the page after a saved one: "" on
// the last page. A format without one has one page a file.
var pagers = map[string]func(file, current string) (string, error){
	"azure-retail": func(file, _ string) (string, error) { return NextPage(file) },
	"gcp-billing":  nextGCPPage,
}

// Paged reports whether the pages of a format link to a next page.
func Paged(format string) bool { return pagers[format] != nil }

// nextPage is the URL of the page after the saved page file of a source
// of format, read from current.
func nextPage(format, file, current string) (string, error) {
	if p := pagers[format]; p != nil {
		return p(file, current)
	}
	return "", nil
}

// nextGCPPage gives the next page of a Cloud Billing Catalog list: the
// same URL with pageToken set to the saved page's nextPageToken ("" or
// absent on the last page).
func nextGCPPage(file, current string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	var page struct {
		NextPageToken string `json:"nextPageToken"`
	}
	if err := json.Unmarshal(data, &page); err != nil {
		return "", fmt.Errorf("%s: not a Cloud Billing Catalog page: %v", file, err)
	}
	if page.NextPageToken == "" {
		return "", nil
	}
	u, err := url.Parse(current)
	if err != nil {
		return "", err
	}
	q := u.Query()
	q.Set("pageToken", page.NextPageToken)
	u.RawQuery = q.Encode()
	return u.String(), nil
}
