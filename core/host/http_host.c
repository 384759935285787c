/* platform/base/os.h's network on Linux: one HTTP/1.1 exchange over a TCP socket, http
 * only (the UEFI build's https is the firmware's TLS), every wait bounded by the
 * request's timeout; and the boot URI, which only the tests give a process
 * (UPMON_HOST_BOOT_URI: knobs.h). */
#define _GNU_SOURCE
#include "platform/base/os.h"
#include "platform/base/http_body.h"
#include "platform/base/http_parse.h"
#include "platform/base/str.h"
#include "platform/base/url.h"
#include "platform/backend.h"
#include "core/host/knobs.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int upm_os_boot_uri(char *buf, size_t size)
{
	const char *uri = upm_host_boot_uri();
	if (!uri)
		return UPM_ENOTFOUND;
	if (strlen(uri) + 1 > size)
		return UPM_ERANGE;
	memcpy(buf, uri, strlen(uri) + 1);
	return UPM_OK;
}

static int remaining_ms(uint64_t deadline)
{
	uint64_t now = upm_os_nanoseconds();
	return now >= deadline ? 0 : (int)((deadline - now) / 1000000u) + 1;
}

/* Connects to u within the deadline: the socket, or -1 with why. */
static int connect_to(const struct upm_url *u, uint64_t deadline, char *why, size_t why_size)
{
	struct addrinfo hints = { 0 }, *res = NULL;
	char port[8];
	hints.ai_family = AF_INET;
	hints.ai_socktype = SOCK_STREAM;
	snprintf(port, sizeof port, "%u", u->port);
	int rc = getaddrinfo(u->host, port, &hints, &res);
	if (rc != 0 || !res) {
		snprintf(why, why_size, "cannot find the address of %s (%s)", u->host, gai_strerror(rc));
		return -1;
	}
	int fd = socket(res->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(why, why_size, "no socket (%s)", strerror(errno));
		freeaddrinfo(res);
		return -1;
	}
	rc = connect(fd, res->ai_addr, res->ai_addrlen);
	freeaddrinfo(res);
	if (rc < 0 && errno == EINPROGRESS) {
		struct pollfd p = { fd, POLLOUT, 0 };
		int n = poll(&p, 1, remaining_ms(deadline));
		int err = 0;
		socklen_t len = sizeof err;
		if (n == 0) {
			snprintf(why, why_size, "no connection to %s:%u within the timeout", u->host, u->port);
			close(fd);
			return -1;
		}
		getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
		rc = err ? -1 : 0;
		errno = err;
	}
	if (rc < 0) {
		snprintf(why, why_size, "%s by %s:%u", errno == ECONNREFUSED ? "connection refused" : strerror(errno),
			 u->host, u->port);
		close(fd);
		return -1;
	}
	return fd;
}

static int send_all(int fd, const char *data, size_t len, uint64_t deadline, char *why, size_t why_size)
{
	while (len) {
		struct pollfd p = { fd, POLLOUT, 0 };
		if (poll(&p, 1, remaining_ms(deadline)) <= 0) {
			snprintf(why, why_size, "the request was not taken within the timeout");
			return -1;
		}
		ssize_t n = send(fd, data, len, MSG_NOSIGNAL);
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (n <= 0) {
			snprintf(why, why_size, "the connection dropped while sending (%s)", strerror(errno));
			return -1;
		}
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Reads the answer: its head whole (at most UPM_HTTP_HEAD_MAX), then its body framed as it
 * comes (platform/base/http_body.h), at most answer_max bytes kept and the rest read and
 * dropped (truncated). */
static int read_answer(int fd, const struct upm_http_request *req, struct upm_http_answer *ans, uint64_t deadline,
		       char *why, size_t why_size)
{
	size_t keep = req->answer_max > UPM_HTTP_ANSWER_MAX ? UPM_HTTP_ANSWER_MAX : req->answer_max;
	char head[UPM_HTTP_HEAD_MAX], piece[16384];
	size_t head_len = 0;
	struct upm_http_head h;
	struct upm_http_body b;
	int have_head = 0;
	char *body = upm_os_alloc(keep + 1);
	if (!body) {
		snprintf(why, why_size, "out of memory for the answer");
		return -1;
	}
	while (!have_head || !b.done) {
		struct pollfd p = { fd, POLLIN, 0 };
		if (poll(&p, 1, remaining_ms(deadline)) <= 0) {
			snprintf(why, why_size, "no %s within the timeout", have_head ? "whole answer" : "answer");
			goto fail;
		}
		ssize_t got = recv(fd, piece, sizeof piece, 0);
		if (got < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (got <= 0) {
			if (have_head && upm_http_body_closed(&b))
				break; /* the body ends with the connection */
			snprintf(why, why_size, "the connection closed before the %s", have_head ? "whole answer" : "answer");
			goto fail;
		}
		const char *rest = piece;
		size_t n = (size_t)got;
		if (!have_head) {
			size_t take = n < sizeof head - head_len ? n : sizeof head - head_len;
			memcpy(head + head_len, piece, take);
			head_len += take;
			int hp = upm_http_head_parse(head, head_len, &h, why, why_size);
			if (hp < 0)
				goto fail;
			if (hp == 0)
				continue;
			have_head = 1;
			upm_http_body_init(&b, body, keep);
			upm_http_body_frame(&b, h.content_length, h.chunked);
			upm_http_body_begin(&b, h.status);
			/* what came after the head: in head past its end, then in piece past what head took */
			if (upm_http_body_add(&b, head + h.head_len, head_len - h.head_len) < 0)
				goto malformed;
			rest = piece + take;
			n -= take;
		}
		if (n && upm_http_body_add(&b, rest, n) < 0)
			goto malformed;
	}
	ans->status = h.status;
	ans->body = body;
	ans->body_len = b.len;
	ans->truncated = b.truncated;
	return 0;
malformed:
	snprintf(why, why_size, "the answer's chunked body is malformed");
fail:
	upm_os_free(body);
	return -1;
}

int upm_os_http(const struct upm_http_request *req, struct upm_http_answer *ans, char *why, size_t why_size)
{
	struct upm_url u;
	char err[200];
	memset(ans, 0, sizeof *ans);
	why[0] = 0;
	if (upm_url_parse(req->url, &u, err, sizeof err) < 0) {
		snprintf(why, why_size, "%s", err);
		return UPM_EINVAL;
	}
	if (u.https) {
		ans->no_tls = 1;
		snprintf(why, why_size, "https is the firmware's TLS, which the Linux build does not have: give an "
					 "http:// URL, or upload from the UEFI build");
		return UPM_EUNSUPPORTED;
	}
	uint64_t deadline = upm_os_nanoseconds() + (uint64_t)(req->timeout_ms ? req->timeout_ms : 1) * 1000000u;
	int fd = connect_to(&u, deadline, why, why_size);
	if (fd < 0)
		return UPM_EIO;
	struct upm_buf head;
	upm_buf_init(&head);
	upm_buf_printf(&head, "%s %s%s%s HTTP/1.1\r\nHost: %s", req->method, u.path, u.query[0] ? "?" : "", u.query,
		       u.host);
	if (u.port_given)
		upm_buf_printf(&head, ":%u", u.port);
	upm_buf_puts(&head, "\r\nConnection: close\r\n");
	if (req->body || upm_strcmp(req->method, "PUT") == 0)
		upm_buf_printf(&head, "Content-Length: %zu\r\n", req->body_len);
	for (const char *const *h = req->headers; h && *h; h++)
		upm_buf_printf(&head, "%s\r\n", *h);
	upm_buf_puts(&head, "\r\n");
	int rc = head.failed ? -1 : send_all(fd, head.data, head.len, deadline, why, why_size);
	if (head.failed)
		snprintf(why, why_size, "out of memory for the request");
	upm_buf_free(&head);
	if (rc == 0 && req->body_len)
		rc = send_all(fd, req->body, req->body_len, deadline, why, why_size);
	if (rc == 0)
		rc = read_answer(fd, req, ans, deadline, why, why_size);
	close(fd);
	return rc == 0 ? UPM_OK : UPM_EIO;
}
