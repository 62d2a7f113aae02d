package api

// DecodeJSON decodes one JSON value into v (a pointer) with the checks
// request bodies get (docs/validation.md): valid UTF-8, no unknown or
// repeated fields, values of the right type, errors naming the full JSON
// path of the field. The analysis engine decodes its input lines with it,
// so that its errors are the same as HTTP's.
func DecodeJSON(body []byte, v any) error { return decodeJSON(body, v) }
