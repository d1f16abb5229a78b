package importer

import (
	"regexp"
	"strings"

	"gpucompare/generator/catalog"
)

// The Chinese words of the notes an import writes (Offer.NoteZH), in
// the glossary's terms (templates/messages/glossary.yaml).

// zhMoney is an amount in a currency as Chinese writes it: 32.77美元,
// 12.5元; a currency without a Chinese name keeps its code.
func zhMoney(amount, currency string) string {
	if name, ok := zhCurrencies[currency]; ok {
		return amount + name
	}
	return amount + " " + currency
}

var zhCurrencies = map[string]string{"USD": "美元", "CNY": "元", "EUR": "欧元", "GBP": "英镑", "JPY": "日元"}

// zhDate is a date as Chinese writes it: 2026年10月7日, 2026年10月.
func zhDate(d catalog.Date) string {
	parts := strings.Split(string(d), "-")
	if !d.Known() || len(parts) == 0 {
		return "日期不详"
	}
	s := parts[0] + "年"
	if len(parts) > 1 {
		s += strings.TrimPrefix(parts[1], "0") + "月"
	}
	if len(parts) > 2 {
		s += strings.TrimPrefix(parts[2], "0") + "日"
	}
	return s
}

// zhSourceKind words a source kind as the Chinese edition does.
func zhSourceKind(kind string) string {
	if w, ok := map[string]string{"provider": "服务商自己的来源", "aggregator": "第三方价格汇总", "article": "文章", "estimate": "估算"}[kind]; ok {
		return w
	}
	return "其他来源"
}

// zhTerms are the Chinese words of the pricing terms the China clouds'
// importers name in their notes.
var zhTerms = map[string]string{
	"pay-as-you-go, by the hour":                    "按量计费，按小时",
	"pay-as-you-go (POSTPAID_BY_HOUR), by the hour": "按量计费，按小时",
	"spot (SPOTPAID), by the hour":                  "竞价实例，按小时",
	"pay-per-use (按需), one hour":                    "按需计费，一小时",
	"subscription (包年包月) of one month":              "包年包月，一个月",
	"subscription (包年包月) of one year":               "包年包月，一年",
	"subscription (包年包月, PREPAID) of one month":     "包年包月，一个月",
	"subscription (包年包月, PREPAID) of one year":      "包年包月，一年",
	"subscription (包年/包月) of one month":             "包年包月，一个月",
	"subscription (包年/包月) of one year":              "包年包月，一年",
}

// zhTerm is term in Chinese: from zhTerms, or a spot term of Alibaba
// Cloud ("spot (SpotAsPriceGo), by the hour, in cn-beijing-f") as
// 抢占式实例 with its strategy and zone.
func zhTerm(term string) string {
	if w, ok := zhTerms[term]; ok {
		return w
	}
	if m := aliyunSpotTerm.FindStringSubmatch(term); m != nil {
		w := "抢占式实例（`" + m[1] + "`），按小时"
		if m[2] != "" {
			w += "，可用区 `" + m[2] + "`"
		}
		return w
	}
	return "`" + term + "`"
}

// aliyunSpotTerm is the term of an Alibaba Cloud spot price: its
// strategy, and its zone when the request names one.
var aliyunSpotTerm = regexp.MustCompile(`^spot \(([A-Za-z]+)\), by the hour(?:, in ([a-z0-9-]+))?$`)
