/* upm_os_http under UEFI: one HTTP/1.1 exchange through the firmware's EFI_HTTP_PROTOCOL
 * (UEFI 2.10, 29.6 "EFI HTTP Protocols") on the NIC efi/http_nic.c picks. A child made by
 * the service binding's CreateChild is configured, sends the request and reads the
 * answer, each token (its event EVT_NOTIFY_SIGNAL, as the specification asks) waited for
 * by polling the protocol against the exchange's deadline; on every path the child is
 * reset (Configure(NULL): its connection closed, its tokens cancelled) and destroyed,
 * its events closed and all memory freed. https goes through the same protocol: the
 * firmware's TLS checks the server's certificate against its CA list. Bootstrap
 * processor only. The deadline is checked around the protocol's calls: edk2's HttpDxe
 * also waits inside Request (DNS, the TCP connection) and Response (the answer's head),
 * each bounded by its own limit (PcdHttpIoTimeout), so an exchange may end a few seconds
 * past its timeout but never waits for ever. */
#include "efi/efi_http.h"
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/base/url.h"

#define UPM_EFI_HTTP_PIECE 16384u            /* bytes asked of each body read */
#define UPM_EFI_HTTP_DEFAULT_TIMEOUT_MS 10000u /* a request that names no timeout */
#define UPM_EFI_HTTP_NO_STATUS 0xFFFFFFFFu    /* StatusCode before an answer's head came */

static EFI_GUID http_sb_guid = UPM_EFI_HTTP_SERVICE_BINDING_GUID;
static EFI_GUID http_guid = UPM_EFI_HTTP_PROTOCOL_GUID;
static EFI_GUID tls_sb_guid = UPM_EFI_TLS_SERVICE_BINDING_GUID;
static EFI_GUID tls_ca_guid = UPM_EFI_TLS_CA_CERTIFICATE_GUID;

static const char tls_needed[] = "https needs the firmware's TLS and a CA certificate (TlsCaCertificate)";

struct token {
	UPM_EFI_HTTP_TOKEN t;
	volatile int signaled;
};

enum phase { AT_SETUP, AT_REQUEST, AT_ANSWER };

struct exchange {
	const struct upm_http_request *req;
	struct upm_url url;
	char where[UPM_URL_HOST_MAX + 8]; /* host:port, as the lines say it */
	unsigned timeout_ms;
	uint64_t deadline;
	EFI_SERVICE_BINDING *sb;
	EFI_HANDLE child;
	UPM_EFI_HTTP_PROTOCOL *http;
	int configured;
	struct token rq, rs;
	UPM_EFI_HTTP_HEADER *headers;
	UINTN n_headers;
	char *header_text; /* the strings headers point into */
	CHAR16 *url16;
	char *body;  /* the answer's body, max + 1 bytes, until handed over */
	char *piece; /* each body read */
};

static VOID EFIAPI on_signal(EFI_EVENT event, VOID *context)
{
	(void)event;
	((struct token *)context)->signaled = 1;
}

static EFI_STATUS token_open(struct token *k, UPM_EFI_HTTP_MESSAGE *m)
{
	k->signaled = 0;
	k->t.Status = EFI_SUCCESS;
	k->t.Message = m;
	if (k->t.Event)
		return EFI_SUCCESS; /* one event serves each read in turn */
	return BS->CreateEvent(EVT_NOTIFY_SIGNAL, TPL_CALLBACK, on_signal, k, &k->t.Event);
}

/* The status a queued token ended with, or EFI_TIMEOUT once the deadline passed (the
 * token then cancelled). Poll moves the driver's data; the stall lets its timers run. */
static EFI_STATUS token_wait(struct exchange *x, struct token *k)
{
	while (!k->signaled) {
		if (upm_os_nanoseconds() >= x->deadline) {
			x->http->Cancel(x->http, &k->t);
			return EFI_TIMEOUT;
		}
		x->http->Poll(x->http);
		if (!k->signaled)
			upm_os_sleep_ns(1000000);
	}
	return k->t.Status;
}

/* A response's headers: the driver allocated the array and every string in it. */
static void free_answer_headers(UPM_EFI_HTTP_HEADER *h, UINTN n)
{
	if (!h)
		return;
	for (UINTN i = 0; i < n; i++) {
		if (h[i].FieldName)
			BS->FreePool(h[i].FieldName);
		if (h[i].FieldValue)
			BS->FreePool(h[i].FieldValue);
	}
	BS->FreePool(h);
}

static void exchange_end(struct exchange *x)
{
	if (x->http && x->configured) {
		x->http->Cancel(x->http, NULL);
		x->http->Configure(x->http, NULL);
	}
	if (x->child)
		x->sb->DestroyChild(x->sb, x->child);
	if (x->rq.t.Event)
		BS->CloseEvent(x->rq.t.Event);
	if (x->rs.t.Event)
		BS->CloseEvent(x->rs.t.Event);
	upm_os_free(x->headers);
	upm_os_free(x->header_text);
	upm_os_free(x->url16);
	upm_os_free(x->body);
	upm_os_free(x->piece);
}

static void status_text(EFI_STATUS st, char *buf, size_t size)
{
	static const struct {
		EFI_STATUS st;
		const char *name;
	} names[] = {
		{ EFI_DEVICE_ERROR, "Device Error" },     { EFI_UNSUPPORTED, "Unsupported" },
		{ EFI_ACCESS_DENIED, "Access Denied" },   { EFI_NOT_FOUND, "Not Found" },
		{ EFI_TIMEOUT, "Time out" },              { EFI_ABORTED, "Aborted" },
		{ EFI_NO_MAPPING, "No mapping" },         { EFI_PROTOCOL_ERROR, "Protocol error" },
		{ EFI_SECURITY_VIOLATION, "Security Violation" }, { EFI_OUT_OF_RESOURCES, "Out of Resources" },
		{ EFI_INVALID_PARAMETER, "Invalid Parameter" }, { EFI_NOT_STARTED, "Not started" },
		{ EFI_NOT_READY, "Not Ready" },           { EFI_HTTP_ERROR, "HTTP error" },
		{ EFI_CONNECTION_FIN, "Connection closed" }, { EFI_CONNECTION_RESET, "Connection reset" },
		{ EFI_CONNECTION_REFUSED, "Connection refused" }, { EFI_ICMP_ERROR, "ICMP error" },
		{ EFI_HOST_UNREACHABLE, "Host unreachable" }, { EFI_NETWORK_UNREACHABLE, "Network unreachable" },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].st == st) {
			upm_snprintf(buf, size, "%s", names[i].name);
			return;
		}
	upm_snprintf(buf, size, "EFI status 0x%llx", (unsigned long long)st);
}

static int ipv4_literal(const char *host)
{
	for (; *host; host++)
		if (!(*host == '.' || (*host >= '0' && *host <= '9')))
			return 0;
	return 1;
}

/* A failure of the firmware's protocol, as a upm_status and one line. */
static int failed(struct exchange *x, EFI_STATUS st, enum phase at, char *why, size_t why_size)
{
	const char *w = x->where;
	char text[48];
	status_text(st, text, sizeof text);
	if (st == EFI_TIMEOUT && upm_os_nanoseconds() >= x->deadline) {
		upm_snprintf(why, why_size, "no answer from %s within %u s", w, (x->timeout_ms + 999) / 1000);
		return UPM_EIO;
	}
	if (st == EFI_TIMEOUT) { /* the firmware's own time limit, inside Request or Response */
		if (at == AT_REQUEST && !ipv4_literal(x->url.host))
			upm_snprintf(why, why_size, "no answer for %s (the firmware's DNS lookup or connection timed out)", w);
		else
			upm_snprintf(why, why_size, "no answer from %s (the firmware's own time limit passed)", w);
		return UPM_EIO;
	}
	if (st == EFI_NO_MAPPING) {
		upm_snprintf(why, why_size, "the network interface has no IPv4 address (DHCP gave none)");
		return UPM_EIO;
	}
	if (st == EFI_HOST_UNREACHABLE || st == EFI_NETWORK_UNREACHABLE || st == EFI_ICMP_ERROR) {
		upm_snprintf(why, why_size, "%s is unreachable (%s)", w, text);
		return UPM_EIO;
	}
	if (at == AT_REQUEST) {
		if (st == EFI_ACCESS_DENIED && !x->url.https) {
			upm_snprintf(why, why_size, "the firmware refused plain http (HTTPS only: PcdAllowHttpConnections)");
			return UPM_EUNSUPPORTED;
		}
		if (st == EFI_CONNECTION_REFUSED || st == EFI_CONNECTION_RESET || st == EFI_PORT_UNREACHABLE) {
			upm_snprintf(why, why_size, "connection refused by %s", w);
			return UPM_EIO;
		}
		if (st == EFI_NOT_FOUND && !ipv4_literal(x->url.host)) {
			upm_snprintf(why, why_size, "the name %s cannot be resolved (DNS: %s)", x->url.host, text);
			return UPM_EIO;
		}
		if (x->url.https && (st == EFI_UNSUPPORTED || st == EFI_ABORTED || st == EFI_SECURITY_VIOLATION ||
				     st == EFI_PROTOCOL_ERROR || st == EFI_NOT_FOUND)) {
			upm_snprintf(why, why_size, "%s: the TLS session with %s failed (%s)", tls_needed, w, text);
			return UPM_EUNSUPPORTED;
		}
	}
	if (at == AT_ANSWER && (st == EFI_CONNECTION_FIN || st == EFI_CONNECTION_RESET || st == EFI_ABORTED)) {
		upm_snprintf(why, why_size, "the connection to %s ended before the answer came (%s)", w, text);
		return UPM_EIO;
	}
	upm_snprintf(why, why_size, "the firmware's HTTP protocol failed %s %s (%s)",
		     at == AT_SETUP ? "setting up for" : at == AT_REQUEST ? "sending to" : "reading the answer of", w,
		     text);
	return UPM_EIO;
}

/* "Name: value" -> its name and value (spaces after the colon dropped) into text at *at;
 * -1 when the line is no header line. */
static int split_header(const char *line, UPM_EFI_HTTP_HEADER *h, char *text, size_t *at)
{
	const char *colon = upm_strchr(line, ':');
	if (!colon || colon == line)
		return -1;
	for (const char *c = line; *c; c++)
		if (*c == '\r' || *c == '\n' || (c < colon && (*c <= ' ' || *c >= 0x7f)))
			return -1;
	size_t nlen = (size_t)(colon - line);
	const char *value = colon + 1;
	while (*value == ' ' || *value == '\t')
		value++;
	h->FieldName = (CHAR8 *)(text + *at);
	upm_memcpy(text + *at, line, nlen);
	text[*at + nlen] = 0;
	*at += nlen + 1;
	h->FieldValue = (CHAR8 *)(text + *at);
	size_t vlen = upm_strlen(value);
	upm_memcpy(text + *at, value, vlen + 1);
	*at += vlen + 1;
	return 0;
}

/* The request's headers: Host, Content-Length for a PUT, then the caller's. */
static int build_headers(struct exchange *x, int put, char *why, size_t why_size)
{
	const char *const *extra = x->req->headers;
	size_t n_extra = 0, text_len = 64 + sizeof x->where;
	char host[sizeof x->where];

	for (; extra && extra[n_extra]; n_extra++) {
		const char *l = extra[n_extra];
		text_len += upm_strlen(l) + 2;
		if (upm_strncasecmp(l, "Host:", 5) == 0 || upm_strncasecmp(l, "Content-Length:", 15) == 0) {
			upm_snprintf(why, why_size, "the header \"%s\" is set by upmon itself", l);
			return UPM_EINVAL;
		}
	}
	x->headers = upm_os_alloc((n_extra + 2) * sizeof *x->headers);
	x->header_text = upm_os_alloc(text_len);
	if (!x->headers || !x->header_text) {
		upm_snprintf(why, why_size, "out of memory for the request's headers");
		return UPM_ENOMEM;
	}
	size_t at = 0;
	if (x->url.port_given)
		upm_snprintf(host, sizeof host, "Host: %s:%u", x->url.host, x->url.port);
	else
		upm_snprintf(host, sizeof host, "Host: %s", x->url.host);
	split_header(host, &x->headers[x->n_headers++], x->header_text, &at);
	if (put) {
		char len[48];
		upm_snprintf(len, sizeof len, "Content-Length: %llu", (unsigned long long)x->req->body_len);
		split_header(len, &x->headers[x->n_headers++], x->header_text, &at);
	}
	for (size_t i = 0; i < n_extra; i++)
		if (split_header(extra[i], &x->headers[x->n_headers++], x->header_text, &at) < 0) {
			upm_snprintf(why, why_size, "\"%s\" is not a header line (Name: value)", extra[i]);
			return UPM_EINVAL;
		}
	return UPM_OK;
}

/* The request sent: its token done. */
static int send_request(struct exchange *x, int put, char *why, size_t why_size)
{
	UPM_EFI_HTTP_REQUEST_DATA data = { put ? UpmHttpMethodPut : UpmHttpMethodGet, x->url16 };
	UPM_EFI_HTTP_MESSAGE m = { 0 };
	m.Data.Request = &data;
	m.HeaderCount = x->n_headers;
	m.Headers = x->headers;
	if (put && x->req->body_len) {
		m.BodyLength = x->req->body_len;
		m.Body = (VOID *)x->req->body;
	}
	EFI_STATUS st = token_open(&x->rq, &m);
	if (st != EFI_SUCCESS)
		return failed(x, st, AT_SETUP, why, why_size);
	st = x->http->Request(x->http, &x->rq.t);
	if (st == EFI_SUCCESS)
		st = token_wait(x, &x->rq);
	return st == EFI_SUCCESS ? UPM_OK : failed(x, st, AT_REQUEST, why, why_size);
}

/* The answer: its head (status and framing), then its body piece by piece. */
static int read_answer(struct exchange *x, size_t max, struct upm_http_answer *ans, char *why, size_t why_size)
{
	UPM_EFI_HTTP_RESPONSE_DATA data = { UPM_EFI_HTTP_NO_STATUS };
	UPM_EFI_HTTP_MESSAGE head = { 0 };
	struct upm_http_body b;
	EFI_STATUS st;

	head.Data.Response = &data;
	if ((st = token_open(&x->rs, &head)) != EFI_SUCCESS)
		return failed(x, st, AT_SETUP, why, why_size);
	st = x->http->Response(x->http, &x->rs.t);
	if (st == EFI_SUCCESS)
		st = token_wait(x, &x->rs);
	if (data.StatusCode == UPM_EFI_HTTP_NO_STATUS || (st != EFI_SUCCESS && !head.Headers)) {
		/* no head came (the driver frees the headers of a head it failed on) */
		free_answer_headers(head.Headers, head.HeaderCount);
		return failed(x, st != EFI_SUCCESS ? st : EFI_PROTOCOL_ERROR, AT_ANSWER, why, why_size);
	}
	int status = upm_efi_http_status_number(data.StatusCode);
	int framed = status ? upm_efi_body_start(&b, head.Headers, head.HeaderCount, status, x->body, max) : 0;
	free_answer_headers(head.Headers, head.HeaderCount);
	if (!status) {
		upm_snprintf(why, why_size, "%s answered with a status code the firmware's HTTP protocol does not list",
			     x->where);
		return UPM_EIO;
	}
	if (framed < 0) {
		upm_snprintf(why, why_size, "%s answered with a malformed Content-Length", x->where);
		return UPM_EIO;
	}
	/* EFI_HTTP_ERROR: a 4xx or 5xx came, an answer all the same; EFI_CONNECTION_FIN: the
	 * server closed the connection after the head. */
	int closed = st == EFI_CONNECTION_FIN;
	if (st != EFI_SUCCESS && st != EFI_HTTP_ERROR && !closed)
		return failed(x, st, AT_ANSWER, why, why_size);
	while (!b.done && !closed) {
		UPM_EFI_HTTP_MESSAGE piece = { 0 }; /* no Data, no headers: a read of the body */
		piece.Body = x->piece;
		piece.BodyLength = UPM_EFI_HTTP_PIECE;
		if ((st = token_open(&x->rs, &piece)) != EFI_SUCCESS)
			return failed(x, st, AT_SETUP, why, why_size);
		st = x->http->Response(x->http, &x->rs.t);
		if (st == EFI_SUCCESS)
			st = token_wait(x, &x->rs);
		if (st == EFI_CONNECTION_FIN)
			break; /* the end of the body, or of the connection */
		if (st != EFI_SUCCESS && st != EFI_HTTP_ERROR)
			return failed(x, st, AT_ANSWER, why, why_size);
		if (piece.BodyLength == 0 || piece.BodyLength > UPM_EFI_HTTP_PIECE)
			break; /* the driver has no more */
		if (upm_http_body_add(&b, x->piece, piece.BodyLength) < 0) {
			upm_snprintf(why, why_size, "%s answered with a malformed chunked body", x->where);
			return UPM_EIO;
		}
	}
	if (!upm_http_body_closed(&b)) {
		upm_snprintf(why, why_size, "the connection to %s ended before the whole answer came", x->where);
		return UPM_EIO;
	}
	ans->status = status;
	ans->body = x->body;
	ans->body_len = b.len;
	ans->truncated = b.truncated;
	x->body = NULL; /* the caller's now */
	return UPM_OK;
}

static int exchange_run(struct exchange *x, EFI_HANDLE nic, int put, size_t max, struct upm_http_answer *ans,
			char *why, size_t why_size)
{
	UPM_EFI_HTTPv4_ACCESS_POINT v4 = { 0 };
	UPM_EFI_HTTP_CONFIG_DATA config = { 0 };
	EFI_STATUS st;
	int rc;

	if ((rc = build_headers(x, put, why, why_size)) != UPM_OK)
		return rc;
	x->url16 = upm_efi_utf8_to_ucs2(x->req->url, upm_strlen(x->req->url));
	x->body = upm_os_alloc(max + 1);
	x->piece = upm_os_alloc(UPM_EFI_HTTP_PIECE);
	if (!x->url16 || !x->body || !x->piece) {
		upm_snprintf(why, why_size, "out of memory for an HTTP exchange");
		return UPM_ENOMEM;
	}
	st = BS->OpenProtocol(nic, &http_sb_guid, (void **)&x->sb, upm_efi_image(), NULL,
			      EFI_OPEN_PROTOCOL_GET_PROTOCOL);
	if (st == EFI_SUCCESS) {
		st = x->sb->CreateChild(x->sb, &x->child);
		if (st != EFI_SUCCESS)
			x->child = NULL;
	}
	if (st == EFI_SUCCESS)
		st = BS->OpenProtocol(x->child, &http_guid, (void **)&x->http, upm_efi_image(), NULL,
				      EFI_OPEN_PROTOCOL_GET_PROTOCOL);
	if (st != EFI_SUCCESS)
		return failed(x, st, AT_SETUP, why, why_size);
	v4.UseDefaultAddress = TRUE; /* the NIC's address, from Ip4Config2 (efi/http_nic.c) */
	config.HttpVersion = UpmHttpVersion11;
	config.TimeOutMillisec = x->timeout_ms;
	config.LocalAddressIsIPv6 = FALSE;
	config.AccessPoint.IPv4Node = &v4;
	if ((st = x->http->Configure(x->http, &config)) != EFI_SUCCESS)
		return failed(x, st, AT_SETUP, why, why_size);
	x->configured = 1;
	if ((rc = send_request(x, put, why, why_size)) != UPM_OK)
		return rc;
	return read_answer(x, max, ans, why, why_size);
}

/* 1 when the firmware has TLS (its service binding) and a CA list to check servers by. */
static int tls_ready(void)
{
	EFI_HANDLE *handles = NULL;
	UINTN n = 0, size = 0;
	int tls = BS->LocateHandleBuffer(ByProtocol, &tls_sb_guid, NULL, &n, &handles) == EFI_SUCCESS && n;
	if (handles)
		BS->FreePool(handles);
	return tls && RT->GetVariable(UPM_EFI_TLS_CA_CERTIFICATE_VARIABLE, &tls_ca_guid, NULL, &size, NULL) ==
			      EFI_BUFFER_TOO_SMALL;
}

int upm_os_http(const struct upm_http_request *req, struct upm_http_answer *ans, char *why, size_t why_size)
{
	struct exchange x;
	char err[160];
	EFI_HANDLE nic;
	EFI_STATUS st;

	upm_memset(ans, 0, sizeof *ans);
	upm_memset(&x, 0, sizeof x);
	if (why_size)
		why[0] = 0;
	if (!req->url || upm_url_parse(req->url, &x.url, err, sizeof err) != 0) {
		upm_snprintf(why, why_size, "%s", req->url ? err : "no URL");
		return UPM_EINVAL;
	}
	int put = req->method && upm_strcmp(req->method, "PUT") == 0;
	if (!put && !(req->method && upm_strcmp(req->method, "GET") == 0)) {
		upm_snprintf(why, why_size, "the method %s: GET or PUT", req->method ? req->method : "(none)");
		return UPM_EINVAL;
	}
	if (!upm_efi_on_bsp()) {
		upm_snprintf(why, why_size, "the network is reached from the bootstrap processor only");
		return UPM_EUNSUPPORTED;
	}
	x.req = req;
	upm_snprintf(x.where, sizeof x.where, "%s:%u", x.url.host, x.url.port);
	x.timeout_ms = req->timeout_ms ? req->timeout_ms : UPM_EFI_HTTP_DEFAULT_TIMEOUT_MS;
	size_t max = req->answer_max < UPM_HTTP_ANSWER_MAX ? req->answer_max : UPM_HTTP_ANSWER_MAX;

	if (upm_efi_http_nic(&nic) != EFI_SUCCESS) {
		upm_snprintf(why, why_size, "no network interface with an HTTP service");
		return UPM_EUNSUPPORTED;
	}
	if (x.url.https && !tls_ready()) {
		upm_snprintf(why, why_size, "%s", tls_needed);
		ans->no_tls = 1;
		return UPM_EUNSUPPORTED;
	}
	st = upm_efi_http_address(nic);
	if (st == EFI_TIMEOUT) {
		upm_snprintf(why, why_size, "no address from DHCP within %u s", UPM_EFI_DHCP_WAIT_MS / 1000);
		return UPM_EIO;
	}
	if (st != EFI_SUCCESS) {
		status_text(st, err, sizeof err);
		upm_snprintf(why, why_size, "the network interface's IPv4 configuration failed (%s)", err);
		return UPM_EIO;
	}
	x.deadline = upm_os_nanoseconds() + (uint64_t)x.timeout_ms * 1000000u;
	int rc = exchange_run(&x, nic, put, max, ans, why, why_size);
	exchange_end(&x);
	return rc;
}
