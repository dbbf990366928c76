import { spawn } from 'node:child_process';
import os from 'node:os';

const isWindows = process.platform === 'win32';

/** The exit code a shell would report for a child that ended by a signal (SIGINT -> 130). */
export const signalExitCode = (signal) => 128 + (os.constants.signals[signal] ?? 1);

/** Human form of a command line, for log lines. */
export const describeCommand = (command, args = []) =>
  [command, ...args].map((part) => (/[\s"'()]/.test(part) ? JSON.stringify(part) : part)).join(' ');

/**
 * Spawns a command (inherited stdio unless told otherwise) and resolves its exit code; never rejects.
 * A child killed by a signal resolves 128 + the signal number; a command that cannot be started resolves 127.
 * `timeoutMs` kills the child (SIGTERM, then SIGKILL) when it runs too long.
 * `onSpawn` receives the child process, e.g. to forward signals to it.
 * `onOutput` (text, stream) sees stdout and stderr, which are then piped and echoed rather than inherited;
 * `echo: false` leaves the echo out (the caller keeps the output, e.g. to print it later in one piece).
 */
export const run = (command, args = [], options = {}) =>
  new Promise((resolve) => {
    const { cwd, env, timeoutMs, onSpawn, onOutput, echo = true } = options;
    let { stdio = 'inherit' } = options;
    if (onOutput) stdio = [Array.isArray(stdio) ? stdio[0] : stdio, 'pipe', 'pipe'];
    let child;
    try {
      child = spawn(command, args, { cwd, env: env ?? process.env, stdio, shell: isWindows });
    } catch (error) {
      console.error(`Could not start ${describeCommand(command, args)}: ${error.message}`);
      resolve(127);
      return;
    }
    let timer;
    let killTimer;
    if (timeoutMs) {
      timer = setTimeout(() => {
        console.error(
          `${describeCommand(command, args)} ran longer than ${Math.round(timeoutMs / 1000)} s; stopping it.`,
        );
        child.kill('SIGTERM');
        killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
      }, timeoutMs);
    }
    let settled = false;
    const settle = (code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`Could not start ${describeCommand(command, args)}: ${error.message}`);
      settle(error.code === 'ENOENT' ? 127 : 1);
    });
    if (onOutput) {
      for (const [name, target] of [
        ['stdout', process.stdout],
        ['stderr', process.stderr],
      ]) {
        child[name].on('data', (chunk) => {
          if (echo) target.write(chunk);
          onOutput(chunk.toString(), name);
        });
      }
    }
    // 'close' rather than 'exit': piped output has been read in full by then.
    child.on('close', (code, signal) => settle(code ?? signalExitCode(signal)));
    onSpawn?.(child);
  });

/** npm / npx by name (npm.cmd / npx.cmd are found through the shell on Windows). */
export const npm = (args, options) => run('npm', args, options);
export const npx = (args, options) => run('npx', args, options);

/**
 * Forwards SIGINT/SIGTERM/SIGHUP received by this process to `child` (Ctrl-C in a terminal reaches both;
 * the servers here treat a repeated signal as the same request). Returns a function that stops forwarding.
 */
export const forwardSignals = (child, signals = ['SIGINT', 'SIGTERM', 'SIGHUP']) => {
  const handlers = signals.map((signal) => {
    const handler = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    process.on(signal, handler);
    return [signal, handler];
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
};

/**
 * Calls `onOrphaned` once if this process loses its parent. `npm start` runs us under `sh -c`, and a SIGTERM sent
 * to npm alone ends that shell without passing the signal on; this way the server still stops with it.
 */
export const whenOrphaned = (onOrphaned) => {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, 1000);
  timer.unref();
  return () => clearInterval(timer);
};
