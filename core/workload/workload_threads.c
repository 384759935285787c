/* A workload's threads (workload_state.h): one per processor, each setting its buffer
 * up, probing its instruction set or running the kernel; the run opens when every thread
 * waits at the start gate and closes at the stop gate, and each waits with a deadline. */
#include "core/workload/workload_state.h"
#include "platform/base/os.h"
#include "platform/base/abort.h"

uint64_t upm_wl_ns_to_tsc(uint64_t ns)
{
	uint64_t hz = upm_os_tsc_hz();
	return ns / 1000000000u * hz + ns % 1000000000u * hz / 1000000000u;
}

uint64_t upm_wl_tsc_to_ns(uint64_t ticks)
{
	uint64_t hz = upm_os_tsc_hz();
	return hz ? ticks / hz * 1000000000u + ticks % hz * 1000000000u / hz : 0;
}

/* Spins until *word holds at least want. 0, or -1 when the deadline passed or another
 * thread gave up. */
static int spin_until(struct upm_workload_plan *p, unsigned *word, unsigned want, uint64_t deadline)
{
	unsigned spins = 0;
	while (__atomic_load_n(word, __ATOMIC_ACQUIRE) < want) {
		if (__atomic_load_n(&p->abort, __ATOMIC_ACQUIRE))
			return -1;
		if (++spins == 1024) {
			spins = 0;
			if (upm_os_tsc() > deadline) {
				__atomic_store_n(&p->abort, 1, __ATOMIC_RELEASE);
				return -1;
			}
			upm_os_spin_relax();
		}
		__asm__ __volatile__("pause");
	}
	return 0;
}

/* Everyone waits for the last to arrive. 0, or -1 when the deadline passed or another
 * thread gave up. The duration is not stamped here: the last to arrive at the start and
 * at the stop may be different processors, whose TSCs need not agree (firmware may
 * leave them unsynchronized across sockets); thread 0 reads both ends on its own TSC. */
static int meet(struct upm_workload_plan *p, struct gate *g, uint64_t deadline)
{
	if (__atomic_add_fetch(&g->arrived, 1, __ATOMIC_ACQ_REL) == p->n) {
		__atomic_store_n(&g->open, 1, __ATOMIC_RELEASE);
		return 0;
	}
	return spin_until(p, &g->open, 1, deadline);
}

/* The start gate: thread 0 opens it once every other thread waits there, reading t0
 * just before, so no loop begins before t0. A thread 0 delayed at the gate (an
 * interrupt, or a host with fewer processors than threads) then lengthens the window
 * instead of leaving the others' work outside it, which would report a bandwidth no
 * memory has. */
static int start_gate(struct upm_workload_plan *p, unsigned i)
{
	struct gate *g = &p->start;
	if (i != 0) {
		__atomic_add_fetch(&g->arrived, 1, __ATOMIC_ACQ_REL);
		return spin_until(p, &g->open, 1, p->slots[i].start_deadline);
	}
	if (spin_until(p, &g->arrived, p->n - 1, p->slots[i].start_deadline) < 0)
		return -1;
	p->t0 = upm_os_tsc();
	__atomic_store_n(&g->open, 1, __ATOMIC_RELEASE);
	return 0;
}

/* The kernels' stop hook: thread 0 polls for the user's abort (on UEFI the BSP reads
 * the console when it is thread 0), every thread follows the flag it latches. */
int upm_wl_stop_requested(void *ctx)
{
	struct slot *s = ctx;
	struct upm_workload_plan *p = s->plan;
	if (s->index == 0 && upm_abort_check())
		__atomic_store_n(&p->user_stop, 1, __ATOMIC_RELEASE);
	return (int)__atomic_load_n(&p->user_stop, __ATOMIC_ACQUIRE);
}

void upm_wl_setup_thread(void *arg, unsigned i)
{
	struct upm_workload_plan *p = arg;
	if (p->desc)
		upm_kernel_setup(&p->slots[i].job);
}

/* On each processor: whether it can run the kernel's instruction set (an AVX kernel
 * needs the state the firmware enabled, or not, processor by processor). */
void upm_wl_probe_thread(void *arg, unsigned i)
{
	struct upm_workload_plan *p = arg;
	upm_kernel_isa_probe(p->desc->isa, &p->slots[i].isa);
}

/* The first chosen processor that cannot run the kernel's loop; NULL when every one can. */
const struct slot *upm_wl_first_refused(const struct upm_workload_plan *p)
{
	for (unsigned i = 0; i < p->n; i++)
		if (p->slots[i].isa.state != UPM_KERNEL_ISA_USABLE)
			return &p->slots[i];
	return NULL;
}

/* That processor as one line that says what to run instead; UPM_OK when there is none. */
int upm_wl_isa_refusal(const struct upm_workload_plan *p, char *err, size_t err_size)
{
	const struct slot *s = upm_wl_first_refused(p);
	if (!s)
		return UPM_OK;
	return upm_wl_fail(err, err_size, UPM_EUNSUPPORTED,
			   "%s: %s cannot run on processor %u (socket %u, APIC ID 0x%x): %s; run %s, its %s twin",
			   p->kernel, upm_kernel_isa_name(p->desc->isa), s->cpu, s->socket,
			   (unsigned)p->run->topo.cpus[s->cpu].apic_id, upm_kernel_isa_why(s->isa.state),
			   p->desc->twin ? p->desc->twin : "another kernel", upm_kernel_isa_name(UPM_KERNEL_ISA_SSE2));
}

void upm_wl_run_thread(void *arg, unsigned i)
{
	struct upm_workload_plan *p = arg;
	struct slot *s = &p->slots[i];
	uint64_t now = upm_os_tsc(); /* this processor's own clock: every deadline of it is on it */
	s->start_deadline = now + p->start_ticks;
	s->stop_deadline = now + p->stop_ticks;
	if (start_gate(p, i) < 0) {
		s->timed_out = 1;
		return;
	}
	if (p->desc) {
		s->check = upm_kernel_loop(&s->job);
	} else {
		int rc = upm_kernel_pingpong(p->line, i, p->iterations, s->stop_deadline, upm_wl_stop_requested, s,
					     &s->passes_done);
		if (rc == -1) {
			s->timed_out = 2;
			__atomic_store_n(&p->abort, 1, __ATOMIC_RELEASE);
			return;
		}
	}
	if (meet(p, &p->stop, s->stop_deadline) < 0) {
		s->timed_out = 2;
		return;
	}
	if (i == 0)
		p->t1 = upm_os_tsc();
	if (!p->desc)
		return;
	/* The write-back is timed apart (flush_ns, on thread 0's TSC like the loop): the
	 * loop's bandwidth is the loop's. */
	s->flush = upm_kernel_writeback(&s->job);
	if (meet(p, &p->flushed, s->stop_deadline) < 0) {
		s->timed_out = 2;
		return;
	}
	if (i == 0)
		p->t2 = upm_os_tsc();
}

int upm_wl_run_all(struct upm_workload_plan *p, void (*fn)(void *, unsigned), char *err,
		   size_t err_size)
{
	int rc = upm_os_run_parallel(p->cpus, p->n, fn, p, p->timeout_ns);
	if (rc == UPM_EFAULT)
		p->leaked = 1;
	if (rc != UPM_OK)
		return upm_wl_fail(err, err_size, rc,
				   "%s: running on %u processor%s failed (%s)%s", p->kernel, p->n,
				   p->n == 1 ? "" : "s", upm_status_name(rc),
				   rc == UPM_EFAULT ? ": a processor did not finish in time" : "");
	return UPM_OK;
}
