/* upm_kernel_layout/setup/loop/writeback and upm_kernel_run: checks the request, lays
 * out the region, runs the kernel's setup untimed and its loop timed, and scales one
 * pass's accounting by the iterations. */
#include "kernels/loops.h"
#include "kernels/writeback.h"
#include "platform/base/os.h"
#include "platform/base/str.h"
#include "platform/backend.h"

/* n * iterations, refusing what does not fit rather than reporting a wrapped count. */
static int scale(uint64_t n, uint64_t iterations, uint64_t *out)
{
	return __builtin_mul_overflow(n, iterations, out) ? -1 : 0;
}

int upm_kernel_layout(const char *name, void *buf, uint64_t size_bytes, uint64_t iterations,
		      struct upm_kernel_job *job)
{
	if (!job)
		return UPM_EINVAL;
	upm_memset(job, 0, sizeof *job);
	job->result.kernel = name;

	const struct upm_kernel_desc *k = upm_kernel_find(name);
	if (!k)
		return UPM_ENOTFOUND;
	job->result.kernel = k->name;
	if (!buf || iterations == 0)
		return UPM_EINVAL;

	/* The aligned part of the buffer, cut into equal arrays of whole lines. */
	uintptr_t start = (uintptr_t)buf;
	uintptr_t aligned = (start + UPM_KERNEL_LINE - 1) & ~(uintptr_t)(UPM_KERNEL_LINE - 1);
	if (aligned - start >= size_bytes)
		return UPM_EINVAL;
	uint64_t usable = size_bytes - (aligned - start);
	struct upm_kernel_region r = {
		.base = (unsigned char *)aligned,
		.arrays = k->arrays,
		.lines = usable / UPM_KERNEL_LINE / k->arrays,
	};
	if (r.lines < k->min_lines)
		return UPM_EINVAL;

	struct upm_kernel_pass p = { 0 };
	k->pass(&r, &p);
	struct upm_kernel_result res = {
		.kernel = k->name,
		.size_bytes = (uint64_t)r.arrays * r.lines * UPM_KERNEL_LINE,
		.iterations = iterations,
	};
	uint64_t out = p.bytes_written / UPM_KERNEL_LINE;
	uint64_t in = p.bus_bytes / UPM_KERNEL_LINE - out;
	if (scale(p.bytes_read, iterations, &res.bytes_read) ||
	    scale(p.bytes_written, iterations, &res.bytes_written) ||
	    scale(p.bus_bytes, iterations, &res.bus_bytes) ||
	    scale(in, iterations, &res.bus_lines_in) ||
	    scale(out, iterations, &res.bus_lines_out) ||
	    scale(p.lines_touched, iterations, &res.lines_touched) ||
	    scale(p.loads, iterations, &res.loads))
		return UPM_EINVAL;
	job->desc = k;
	job->region = r;
	job->result = res;
	return UPM_OK;
}

void upm_kernel_setup(const struct upm_kernel_job *job)
{
	if (job->desc->prepare)
		job->desc->prepare(&job->region);
	/* Start every kernel cold and clean: what setup (or the caller) left dirty would
	 * otherwise be written back inside the timing and spoil bus_bytes. */
	upm_kernel_writeback(job);
}

double upm_kernel_loop(const struct upm_kernel_job *job)
{
	return job->desc->body(&job->region, job->result.iterations, job->desc->loop);
}

enum upm_kernel_flush upm_kernel_writeback(const struct upm_kernel_job *job)
{
	unsigned char *base = job->region.base;
	uint64_t lines = (uint64_t)job->region.arrays * job->region.lines;
	/* Asked on the processor that flushes, each time: the threads run on processors
	 * of their own, and CPUID is a microsecond beside seconds of flushing. */
	enum upm_kernel_flush how = upm_kernel_flush_choice(upm_kl_leaf7_ebx());
	if (how == UPM_KERNEL_FLUSH_CLFLUSHOPT)
		upm_kl_clflushopt(base, lines);
	else
		upm_kernel_flush_lines(base, lines);
	return how;
}

enum upm_kernel_flush upm_kernel_flush_choice(uint32_t leaf7_ebx)
{
	return leaf7_ebx & UPM_KERNEL_LEAF7_EBX_CLFLUSHOPT ? UPM_KERNEL_FLUSH_CLFLUSHOPT
							    : UPM_KERNEL_FLUSH_CLFLUSH;
}

const char *upm_kernel_flush_name(unsigned flushes)
{
	switch (flushes) {
	case UPM_KERNEL_FLUSH_CLFLUSH:
		return "CLFLUSH";
	case UPM_KERNEL_FLUSH_CLFLUSHOPT:
		return "CLFLUSHOPT";
	case UPM_KERNEL_FLUSH_CLFLUSH | UPM_KERNEL_FLUSH_CLFLUSHOPT:
		return "CLFLUSH and CLFLUSHOPT";
	default:
		return "none";
	}
}

int upm_kernel_run(const char *name, void *buf, uint64_t size_bytes, uint64_t iterations,
		   struct upm_kernel_result *out)
{
	if (!out)
		return UPM_EINVAL;
	struct upm_kernel_job job;
	int rc = upm_kernel_layout(name, buf, size_bytes, iterations, &job);
	if (rc != UPM_OK) {
		upm_memset(out, 0, sizeof *out);
		out->kernel = job.result.kernel;
		return rc;
	}
	/* The loop runs here: this processor must be able to run it. */
	struct upm_kernel_isa_probe isa;
	upm_kernel_isa_probe(job.desc->isa, &isa);
	if (isa.state != UPM_KERNEL_ISA_USABLE) {
		upm_memset(out, 0, sizeof *out);
		out->kernel = job.result.kernel;
		return UPM_EUNSUPPORTED;
	}
	upm_kernel_setup(&job);
	uint64_t t0 = upm_os_nanoseconds();
	job.result.check = upm_kernel_loop(&job);
	uint64_t t1 = upm_os_nanoseconds();
	job.result.ns = t1 - t0;
	*out = job.result;
	return UPM_OK;
}
