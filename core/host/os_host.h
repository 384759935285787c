/* Host-only controls of the simulated environment (tests and the host main). */
#ifndef UPMON_CORE_HOST_OS_HOST_H
#define UPMON_CORE_HOST_OS_HOST_H

/* Processors the host pretends to have: sockets x cores_per_socket. Default 2 x 2. */
void upm_host_simulate(unsigned sockets, unsigned cores_per_socket);
/* Test hook: writes to paths for which pred returns 1 fail as on a full medium. */
void upm_host_fail_writes(int (*pred)(const char *path));

#endif
