/* platform/base/os.h's network on Linux: one HTTP/1.1 exchange over a TCP socket, http
 * only (the UEFI build's https is the firmware's TLS), every wait bounded by the
 * request's timeout; and the boot URI, which only the tests give a process
 * (UPMON_HOST_BOOT_URI: knobs.h). */
#define _GNU_SOURCE
#include "platform/base/os.h"
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

/* Reads the answer into a buffer that grows to at most the head plus answer_max plus a
 * little; bytes past that are read and dropped (truncated). */
static int read_answer(int fd, const struct upm_http_request *req, struct upm_http_answer *ans, uint64_t deadline,
		       char *why, size_t why_size)
{
	size_t keep = req->answer_max > UPM_HTTP_ANSWER_MAX ? UPM_HTTP_ANSWER_MAX : req->answer_max;
	size_t cap = UPM_HTTP_HEAD_MAX + keep + 64, len = 0, body_seen = 0;
	char *buf = malloc(cap + 1);
	struct upm_http_head h;
	int have_head = 0, ended = 0;
	if (!buf) {
		snprintf(why, why_size, "out of memory for the answer");
		return -1;
	}
	for (;;) {
		if (have_head) {
			size_t body = len - h.head_len;
			if (h.content_length >= 0 && body_seen >= (uint64_t)h.content_length) {
				ended = 1;
			} else if (h.chunked) {
				size_t out;
				int d = upm_http_dechunk(buf + h.head_len, body, &out);
				if (d < 0) {
					snprintf(why, why_size, "the answer's chunked body is malformed");
					break;
				}
				if (d == 1) {
					len = h.head_len + out;
					ended = 1;
				} else if (body >= keep + 64) {
					ans->truncated = 1; /* kept what fits; the rest is not read */
					len = h.head_len + keep;
					ended = 1;
				}
			}
			if (ended || (h.status >= 100 && h.status < 200) || h.status == 204 || h.status == 304 ||
			    (h.content_length < 0 && !h.chunked && !h.closes && upm_strcmp(req->method, "HEAD") == 0)) {
				ended = 1;
				break;
			}
		}
		struct pollfd p = { fd, POLLIN, 0 };
		int n = poll(&p, 1, remaining_ms(deadline));
		if (n <= 0) {
			snprintf(why, why_size, "no %s within the timeout", have_head ? "whole answer" : "answer");
			break;
		}
		char scratch[4096];
		char *into = len < cap ? buf + len : scratch;
		size_t room = len < cap ? cap - len : sizeof scratch;
		ssize_t got = recv(fd, into, room, 0);
		if (got < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (got <= 0) {
			if (have_head && h.content_length < 0 && !h.chunked) {
				ended = 1; /* the body ends with the connection */
				break;
			}
			snprintf(why, why_size, "the connection closed before the %s", have_head ? "whole answer" : "answer");
			break;
		}
		if (into == scratch)
			ans->truncated = 1;
		else
			len += (size_t)got;
		if (have_head)
			body_seen += (size_t)got;
		if (!have_head) {
			int hp = upm_http_head_parse(buf, len, &h, why, why_size);
			if (hp < 0)
				break;
			if (hp == 1) {
				have_head = 1;
				body_seen = len - h.head_len;
			}
		}
	}
	if (!ended) {
		free(buf);
		return -1;
	}
	size_t body = len - h.head_len;
	if (!h.chunked && h.content_length >= 0 && body > (size_t)h.content_length)
		body = (size_t)h.content_length;
	if (body > keep) {
		body = keep;
		ans->truncated = 1;
	}
	ans->status = h.status;
	ans->body = upm_os_alloc(body + 1);
	if (!ans->body) {
		free(buf);
		snprintf(why, why_size, "out of memory for the answer");
		return -1;
	}
	memcpy(ans->body, buf + h.head_len, body);
	ans->body[body] = 0;
	ans->body_len = body;
	free(buf);
	return 0;
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
