#!/usr/bin/python3
"""The README's "Deploy on a home server", run as written, then a family's first day through it.

In a private mount and network namespace (overlays over /etc, /usr/local, /var, /run and
/home, so nothing of the machine changes; loopback of its own, so ports 80, 880, 3000 and
9000 are free), as root: the README's shell block runs line by line, each "# as NAME" line as
that account; `systemctl` and `journalctl` are stand-ins that read the installed unit and run
the daemon as systemd would: its dynamic user, supplementary groups, state, runtime and
credentials folders, environment, umask, and its system call filter, built from the unit's
SystemCallFilter= lines with `systemd-analyze syscall-filter` and loaded with libseccomp
(python3-seccomp) before the daemon is executed. A unit setting the stand-in neither applies
nor knows to be a pure restriction stops the check. Then the README's nginx block, verbatim,
in a real nginx for home.lan; a page behind the gate, asking a parent, a signed webhook, the
approval link through nginx, the admin API with the credential's token.

Run by scripts/test (as root, as CI runs it): /usr/bin/python3 Tests/Deployment/deploy-check.py
"""
import errno
import hashlib
import hmac
import http.server
import json
import os
import random
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import http.client
import urllib.parse

HERE = os.path.abspath(__file__)
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
UNIT_DIRS = ["/etc/systemd/system", "/usr/lib/systemd/system"]  # the admin's units, then the packages'
JOURNAL = "/run/deploy-check/journal"
PIDFILE = "/run/deploy-check/pid"
DATABASE = "/var/lib/private/parental-gate/gate.sqlite"
HOST = "http://home.lan"

# Settings the stand-in applies.
APPLIED = {
    "Type", "ExecStart", "Environment", "Restart", "TimeoutStopSec", "DynamicUser", "SupplementaryGroups",
    "StateDirectory", "StateDirectoryMode", "RuntimeDirectory", "RuntimeDirectoryMode", "UMask", "LoadCredential",
    "NoNewPrivileges", "SystemCallFilter", "SystemCallErrorNumber", "SystemCallArchitectures",
    "CapabilityBoundingSet", "AmbientCapabilities",
}
# Settings that only take away (files, devices, namespaces, address families, logging limits):
# not applied here, and none of them kills the daemon the way a system call filter can.
RESTRICTIONS_NOT_APPLIED = {
    "LogRateLimitIntervalSec", "LogRateLimitBurst", "ProtectSystem", "ProtectHome", "PrivateTmp", "PrivateDevices",
    "ProtectKernelTunables", "ProtectKernelModules", "ProtectKernelLogs", "ProtectControlGroups", "ProtectClock",
    "ProtectHostname", "ProtectProc", "ProcSubset", "RestrictAddressFamilies", "RestrictNamespaces",
    "RestrictRealtime", "RestrictSUIDSGID", "LockPersonality", "MemoryDenyWriteExecute",
}


def fail(message):
    print(f"deploy check: {message}", file=sys.stderr)
    if os.path.exists(JOURNAL):
        with open(JOURNAL, errors="replace") as journal:
            print("the daemon's journal:\n" + "".join("    " + line for line in journal.readlines()[-40:]), file=sys.stderr)
    sys.exit(1)


def run(command, user=None, check=True, input=None):
    """Runs a shell command (as `user`, with that account's groups); returns (status, output)."""
    argv = ["runuser", "-u", user, "--", "bash", "-c", command] if user else ["bash", "-c", command]
    result = subprocess.run(argv, input=input, capture_output=True, text=True, cwd="/" if user else REPO, env=shell_environment())
    output = result.stdout + result.stderr
    if check and result.returncode != 0:
        fail(f"`{command}`{' as ' + user if user else ''} exited {result.returncode}:\n{output}")
    return result.returncode, output


def shell_environment():
    environment = {key: value for key, value in os.environ.items() if not key.startswith("PARENTAL_GATE")}
    environment["DEPLOY_CHECK_SELF"] = HERE
    return environment


# ---------------------------------------------------------------- the systemd stand-in

def unit_settings(path):
    """The [Service] settings of a unit file, each a list of its values in order."""
    settings, section = {}, None
    with open(path) as unit:
        for raw in unit:
            line = raw.strip()
            if not line or line.startswith(("#", ";")):
                continue
            if line.startswith("["):
                section = line
                continue
            if section == "[Service]":
                key, _, value = line.partition("=")
                settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def syscall_group(name, seen=None):
    """The system calls of a group, nested groups expanded, as systemd-analyze lists them."""
    seen = seen if seen is not None else set()
    if name in seen:
        return set()
    seen.add(name)
    listing = subprocess.run(["systemd-analyze", "syscall-filter", name], capture_output=True, text=True, check=True).stdout
    calls = set()
    for line in listing.splitlines()[1:]:
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        calls |= syscall_group(entry, seen) if entry.startswith("@") else {entry}
    return calls


def system_call_filter(lines):
    """(allow-list?, set of calls) from SystemCallFilter= lines, read in order as systemd reads
    them (core/load-fragment.c): an empty line resets; the first line decides the kind of list,
    and an allow-list starts with @default; a later line adds to the list, or with ~ takes away.
    `name:errno` entries count by their name."""
    allow, calls = None, set()
    for line in lines:
        if not line.strip():
            allow, calls = None, set()
            continue
        deny = line.startswith("~")
        names = [name.split(":")[0] for name in line.lstrip("~").split()]
        expanded = set().union(*(syscall_group(n) if n.startswith("@") else {n} for n in names))
        if allow is None:
            allow = not deny
            if allow:
                calls |= syscall_group("@default")
        if allow != deny:
            calls |= expanded
        else:
            calls -= expanded
    return allow, calls


def unit_path(name):
    """The unit file systemd would read for `name`."""
    for folder in UNIT_DIRS:
        if os.path.exists(f"{folder}/{name}.service"):
            return f"{folder}/{name}.service"
    fail(f"systemctl: no unit {name}.service in {' or '.join(UNIT_DIRS)}")


def start_unit(name):
    path = unit_path(name)
    settings = unit_settings(path)
    unknown = sorted(set(settings) - APPLIED - RESTRICTIONS_NOT_APPLIED)
    if unknown:
        fail(f"the unit sets {', '.join(unknown)}, which this stand-in for systemd neither applies nor knows to be a pure restriction")
    one = lambda key, default=None: settings.get(key, [default])[-1]
    if one("DynamicUser") != "yes":
        fail("the stand-in runs units with DynamicUser=yes only")
    uid = random.randint(61184, 65519)  # systemd's range for dynamic users
    private_state = None
    groups = [int(subprocess.run(["getent", "group", g], capture_output=True, text=True, check=True).stdout.split(":")[2])
              for value in settings.get("SupplementaryGroups", []) for g in value.split()]
    environment = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}
    # StateDirectory= with DynamicUser=: /var/lib/private/NAME, reached by the link /var/lib/NAME.
    if "StateDirectory" in settings:
        state = one("StateDirectory")
        os.makedirs("/var/lib/private", mode=0o700, exist_ok=True)
        os.chmod("/var/lib/private", 0o700)
        os.makedirs(f"/var/lib/private/{state}", exist_ok=True)
        os.chown(f"/var/lib/private/{state}", uid, uid)
        os.chmod(f"/var/lib/private/{state}", int(one("StateDirectoryMode", "0755"), 8))
        if not os.path.islink(f"/var/lib/{state}"):
            os.symlink(f"private/{state}", f"/var/lib/{state}")
        environment["STATE_DIRECTORY"] = f"/var/lib/{state}"
        private_state = state
    if "RuntimeDirectory" in settings:
        runtime = f"/run/{one('RuntimeDirectory')}"
        os.makedirs(runtime, exist_ok=True)
        os.chown(runtime, uid, uid)
        os.chmod(runtime, int(one("RuntimeDirectoryMode", "0755"), 8))
        environment["RUNTIME_DIRECTORY"] = runtime
    if "LoadCredential" in settings:
        credentials = f"/run/credentials/{name}.service"
        os.makedirs(credentials, exist_ok=True)
        for value in settings["LoadCredential"]:
            ident, _, source = value.partition(":")
            if not os.path.isfile(source):
                fail(f"the unit fails to start (243/CREDENTIALS): LoadCredential={value}: no file {source}")
            # As systemd writes it (exec-credential.c): root's, 0400, read by the service's user
            # through an ACL, which shows as group bits (0440); a chown only without ACLs.
            target = f"{credentials}/{ident}"
            shutil.copyfile(source, target)
            os.chmod(target, 0o400)
            if subprocess.run(["setfacl", "-m", f"u:{uid}:r", target], capture_output=True).returncode != 0:
                fail("the credential could not get an ACL, as systemd gives it (setfacl; the acl package)")
        os.chmod(credentials, 0o500)
        if subprocess.run(["setfacl", "-m", f"u:{uid}:rx", credentials], capture_output=True).returncode != 0:
            fail("the credentials folder could not get an ACL (setfacl)")
        environment["CREDENTIALS_DIRECTORY"] = credentials
    for value in settings.get("Environment", []):
        for assignment in shlex.split(value):
            key, _, val = assignment.partition("=")
            environment[key] = val
    command = re.sub(r"\$\{(\w+)\}", lambda m: environment.get(m.group(1), ""), one("ExecStart"))
    allow, calls = system_call_filter(settings.get("SystemCallFilter", []))
    error_number = one("SystemCallErrorNumber")
    spec = {
        "uid": uid, "groups": groups, "umask": int(one("UMask", "0022"), 8), "argv": shlex.split(command),
        "environment": environment, "allow": allow, "calls": sorted(calls),
        "errno": getattr(errno, error_number) if error_number else None, "private_state": private_state,
        "capabilities": {key: [c.lower().removeprefix("cap_") for c in one(setting, "").split()]
                         for key, setting in [("ambient", "AmbientCapabilities"), ("bounding", "CapabilityBoundingSet")]},
    }
    os.makedirs(os.path.dirname(JOURNAL), exist_ok=True)
    journal = open(JOURNAL, "ab")
    status = os.fstat(journal.fileno())
    spec["environment"]["JOURNAL_STREAM"] = f"{status.st_dev}:{status.st_ino}"  # standard output is the journal
    process = subprocess.Popen(
        ["unshare", "--mount", "--propagation", "private", "/usr/bin/python3", HERE, "--exec-sandboxed", json.dumps(spec)], stdin=subprocess.DEVNULL, stdout=journal,
        stderr=journal, start_new_session=True, cwd="/")
    with open(PIDFILE, "w") as pidfile:
        pidfile.write(str(process.pid))


def exec_sandboxed(spec):
    """Becomes the unit's process: its user and groups, umask, the filter; then its ExecStart."""
    import seccomp  # python3-seccomp, Debian's bindings to libseccomp
    # As systemd does for a dynamic user, in the service's own mount namespace: /var/lib/private
    # (0700, root's) is covered by a tmpfs that holds this service's folder alone.
    if spec["private_state"]:
        state, hold = spec["private_state"], "/run/deploy-check/hold"
        os.makedirs(hold, exist_ok=True)
        subprocess.run(["mount", "--bind", f"/var/lib/private/{state}", hold], check=True)
        subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=0755", "tmpfs", "/var/lib/private"], check=True)
        os.makedirs(f"/var/lib/private/{state}")
        subprocess.run(["mount", "--move", hold, f"/var/lib/private/{state}"], check=True)
    # The user, its groups and the unit's capabilities (the bounding set, and the ambient
    # ones it keeps as that user), by setpriv; then this script again, as that user, for the filter.
    capabilities = spec["capabilities"]
    os.execv("/usr/bin/setpriv", [
        "setpriv", f"--reuid={spec['uid']}", f"--regid={spec['uid']}",
        f"--groups={','.join(map(str, spec['groups']))}" if spec["groups"] else "--clear-groups",
        "--inh-caps=" + ",".join(["-all"] + [f"+{c}" for c in capabilities["ambient"]]),
        *([f"--ambient-caps={','.join('+' + c for c in capabilities['ambient'])}"] if capabilities["ambient"] else []),
        "--bounding-set=" + ",".join(["-all"] + [f"+{c}" for c in capabilities["bounding"]]),
        "/usr/bin/python3", HERE, "--exec-filtered", json.dumps(spec)])


def exec_filtered(spec):
    """The unit's process, as its user: its umask and system call filter; then its ExecStart."""
    import seccomp  # python3-seccomp, Debian's bindings to libseccomp
    os.umask(spec["umask"])
    blocked = seccomp.ERRNO(spec["errno"]) if spec["errno"] is not None else seccomp.KILL_PROCESS
    if spec["allow"]:
        sandbox = seccomp.SyscallFilter(defaction=blocked)
        action = seccomp.ALLOW
    else:
        sandbox = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
        action = blocked
    for call in spec["calls"]:
        try:
            sandbox.add_rule(action, call)
        except (RuntimeError, ValueError):
            pass  # a call of another architecture (the groups list every one): systemd skips it too
    sandbox.load()  # with no_new_privs, as NoNewPrivileges=yes and systemd's filters set it
    os.execve(spec["argv"][0], spec["argv"], spec["environment"])


def stop_unit(name):
    """SIGTERM, a wait for the end, then the runtime folder removed, as systemd stops a unit."""
    pid = int(open(PIDFILE).read())
    os.kill(pid, signal.SIGTERM)
    wait_for(lambda: not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z",
             f"{name} to stop", seconds=int(unit_settings(unit_path(name)).get("TimeoutStopSec", ["90"])[-1].rstrip("s")))
    for runtime in unit_settings(unit_path(name)).get("RuntimeDirectory", []):
        shutil.rmtree(f"/run/{runtime}", ignore_errors=True)


def systemctl(arguments):
    if arguments == ["daemon-reload"]:
        return
    if arguments[:2] == ["enable", "--now"] and len(arguments) == 3:
        start_unit(arguments[2].removesuffix(".service"))
        return
    if arguments[:1] == ["stop"] and len(arguments) == 2:
        stop_unit(arguments[1].removesuffix(".service"))
        return
    fail(f"systemctl {' '.join(arguments)}: the stand-in knows daemon-reload, enable --now and stop only")


# ---------------------------------------------------------------- the family's day

def fetch(method, url, body=None, headers=None, source=None):
    """(status, headers, text) of one request, redirects not followed; from `source`, an
    address of this namespace's loopback, when given. A refused connection is status 0."""
    parts = urllib.parse.urlsplit(url)
    path = parts.path + ("?" + parts.query if parts.query else "")
    try:
        connection = http.client.HTTPConnection(
            parts.hostname, parts.port or 80, timeout=10, source_address=(source, 0) if source else None)
        connection.request(method, path, body=body.encode() if body is not None else None, headers=headers or {})
        response = connection.getresponse()
        text = response.read().decode()
        connection.close()
        return response.status, response.headers, text
    except OSError as error:
        return 0, {}, str(error)


def wait_for(condition, what, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    fail(f"waited {seconds}s for {what}")


def database(sql):
    connection = sqlite3.connect(f"file:{DATABASE}?mode=ro", uri=True)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def open_challenge_answer(profile):
    rows = database(f"SELECT c.answer FROM challenges c JOIN profiles p ON p.id = c.profile_id "
                    f"WHERE c.status = 'open' AND p.name = '{profile}'")
    return rows[0][0] if rows else None


def answer_after_pause(profile):
    """The open challenge's answer, once the profile's shortest answering time has passed."""
    answer = wait_for(lambda: open_challenge_answer(profile), f"an open challenge of {profile}")
    time.sleep(3)  # not a measure: the policy's minResponseTime (default 2s) must pass before an answer counts
    return answer


def gate_at_terminal(command, user):
    """`gatectl gate NAME` as `user`: the question is answered as the child would, from the database."""
    process = subprocess.Popen(["runuser", "-u", user, "--", "bash", "-c", command], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd="/")
    answer = answer_after_pause(command.split()[-1])
    output, _ = process.communicate(f"{answer}\n", timeout=30)
    if process.returncode != 0:
        fail(f"`{command}` as {user} exited {process.returncode}:\n{output}")


class Receiver(http.server.BaseHTTPRequestHandler):
    deliveries = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        Receiver.deliveries.append((dict(self.headers), body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def readme_verify(readme):
    """The README's own check of a webhook delivery (its ```python block under Notifications), run as written."""
    scope = {"hashlib": hashlib, "hmac": hmac, "time": time}
    exec(readme_block(readme, "## Notifications", "python"), scope)
    return scope["verify"]


def readme_blocks(readme, heading, fence):
    """The ```fence blocks after `heading`, before the next heading of its level."""
    level = heading.split(" ")[0]
    start = readme.index(f"\n{heading}\n")
    end = readme.find(f"\n{level} ", start + 1)
    blocks = re.findall(rf"```{fence}\n(.*?)```", readme[start:end if end >= 0 else None], re.S)
    if not blocks:
        fail(f"no ```{fence} block under '{heading}' in the README")
    return blocks


def readme_block(readme, heading, fence):
    """The first ```fence block after `heading`."""
    return readme_blocks(readme, heading, fence)[0]


def forward_auth(proxy, as_mum):
    """A page behind emma's gate through `proxy`: sent to the gate page with the page asked
    for encoded whole, a pass there, then the page with the cookie the pass set."""
    as_mum("gatectl session end emma", check=False)
    status, headers, _ = fetch("GET", f"{HOST}/settings/?tab=1&open=2")
    location = headers.get("Location", "")
    if status != 302 or not location.endswith("/gate/emma?next=%2Fsettings%2F%3Ftab%3D1%26open%3D2"):
        fail(f"{proxy}: a page behind the gate, before a pass: {status} to '{location}' (expected 302 to the gate page, next encoded whole)")
    status, _, page = fetch("GET", f"{HOST}/gate/emma?next=%2Fsettings%2F%3Ftab%3D1%26open%3D2")
    if status != 200 or "tab=1" not in page or "open=2" not in page:
        fail(f"{proxy}: the gate page: {status}, next not carried whole")
    json_post = {"Content-Type": "application/json", "Origin": HOST}
    status, _, begun = fetch("POST", f"{HOST}/v1/profiles/emma/challenges", "{}", json_post)
    if status != 201:
        fail(f"{proxy}: begin: {status} {begun}")
    challenge = json.loads(begun)["challenge"]["id"]
    answer = answer_after_pause("emma")
    status, headers, _ = fetch("POST", f"{HOST}/v1/challenges/{challenge}/answer?cookie=1", json.dumps({"value": answer}), json_post)
    cookie = (headers.get("Set-Cookie") or "").split(";")[0]
    if status != 200 or not cookie.startswith("parental_gate_session_emma="):
        fail(f"{proxy}: a right answer: {status}, cookie '{cookie}'")
    status, _, page = fetch("GET", f"{HOST}/settings/?tab=1&open=2", headers={"Cookie": cookie})
    if status != 200 or "the family settings page" not in page:
        fail(f"{proxy}: the page behind the gate after a pass: {status}")
    return cookie


def family_day(readme):
    as_mum = lambda command, check=True: run(command, user="mum", check=check)
    as_emma = lambda command, check=True: run(command, user="emma", check=check)
    as_mum("gatectl profile add liam")
    status, output = as_emma("gatectl challenge begin liam", check=False)
    if status != 77:
        fail(f"emma began liam's challenge on the gate socket (exit {status}): {output}")
    status, output = as_mum("gatectl status emma")
    if "parent" not in output:
        fail(f"emma's pass at the terminal left no parent mode: {output}")
    as_mum("gatectl session end emma", check=False)  # parent mode ends; the day goes on

    # nginx with the README's blocks, verbatim: the map in the http block, the rest in the server for home.lan.
    blocks = readme_blocks(readme, "## HTTP API", "nginx")
    http_block = "\n".join(b for b in blocks if b.lstrip().startswith("map "))
    server_block = "\n".join(b for b in blocks if "location" in b)
    os.makedirs("/run/deploy-check/nginx", exist_ok=True)
    os.makedirs("/run/deploy-check/site/settings", exist_ok=True)
    with open("/run/deploy-check/site/settings/index.html", "w") as page:
        page.write("the family settings page\n")
    conf = "/run/deploy-check/nginx/nginx.conf"
    with open(conf, "w") as configuration:
        configuration.write(f"""worker_processes 1;
pid /run/deploy-check/nginx/nginx.pid;
error_log /run/deploy-check/nginx/error.log;
events {{}}
http {{
    access_log off;
{http_block}
    server {{
        listen 80;
        server_name home.lan;
{server_block}
    }}
}}
""")
    subprocess.run(["nginx", "-c", conf, "-p", "/run/deploy-check/nginx"], check=True)
    upstream = subprocess.Popen(["/usr/bin/python3", "-m", "http.server", "3000", "--bind", "127.0.0.1"],
                                cwd="/run/deploy-check/site", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    caddy = None
    try:
        wait_for(lambda: fetch("GET", "http://127.0.0.1:3000/settings/")[0] == 200, "the page to protect")
        cookie = forward_auth("nginx", as_mum)
        # liam's tablet, by its address (the README's map): liam's gate, which emma's pass does not open.
        subprocess.run(["ip", "addr", "add", "192.0.2.21/32", "dev", "lo"], check=True)
        status, headers, _ = fetch("GET", f"{HOST}/settings/", headers={"Cookie": cookie}, source="192.0.2.21")
        if status != 302 or not headers.get("Location", "").endswith("/gate/liam?next=%2Fsettings%2F"):
            fail(f"nginx: from liam's tablet with emma's cookie: {status} to '{headers.get('Location', '')}' (expected liam's gate)")
        json_post = {"Content-Type": "application/json", "Origin": HOST}

        # Ask a parent: a signed webhook brings the link at the public URL; mum approves through nginx.
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 9000), Receiver)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        _, output = as_mum("gatectl notify add webhook http://127.0.0.1:9000/hook --events request --json")
        secret = json.loads(output)["secret"]
        as_mum("gatectl policy set --profile emma --ask-parent allowed")
        as_mum("gatectl session end emma", check=False)
        as_emma("gatectl ask request emma")
        headers, body = wait_for(lambda: Receiver.deliveries and Receiver.deliveries[-1], "the webhook's delivery")
        if not readme_verify(readme)(secret, headers, body):
            fail("the webhook's signature does not check out as the README says to check it")
        message = json.loads(body)["message"]
        link = re.search(rf"{re.escape(HOST)}/approve/[A-Za-z0-9_.\-]+", message)
        if not link:
            fail(f"no approval link at the public URL in: {message}")
        status, _, page = fetch("GET", link.group(0))
        if status != 200 or "emma" not in page.lower():
            fail(f"the approval link through nginx: {status}")
        token = link.group(0).rsplit("/", 1)[1]
        status, _, decided = fetch("POST", f"{HOST}/v1/approvals/{token}", json.dumps({"decision": "approve"}), json_post)
        if status != 200:
            fail(f"approving through nginx: {status} {decided}")
        _, output = as_mum("gatectl status emma")
        if "parent" not in output:
            fail(f"the approval opened no parent mode: {output}")
        server.shutdown()

        # The admin API answers the token the unit handed over, and that token is in no log.
        with open("/etc/parental-gate/admin-token") as token_file:
            admin = token_file.read().strip()
        status, _, _ = fetch("GET", f"{HOST}/v1/admin/profiles", headers={"Authorization": f"Bearer {admin}"})
        if status != 200:
            fail(f"the admin API with the credential's token: {status}")
        with open(JOURNAL, errors="replace") as journal:
            logged = journal.read()
        if admin in logged:
            fail("the admin token is in the journal")
        # The example scrape configuration's target answers with the metrics it alerts on.
        with open(f"{REPO}/Examples/prometheus/prometheus.yml") as scrape:
            text = scrape.read()
        target = re.search(r'targets: \["([^"]+)"\]', text).group(1)
        path = re.search(r"metrics_path: (\S+)", text).group(1)
        status, _, exposition = fetch("GET", f"http://{target}{path}")
        with open(f"{REPO}/Examples/prometheus/parental-gate-alerts.yml") as alerts:
            named = set(re.findall(r"parental_gate_\w+", alerts.read()))
        missing = sorted(name for name in named | {"parental_gate_build_info"} if f"# TYPE {name} " not in exposition)
        if status != 200 or missing or not re.search(r'^parental_gate_profiles\{state="parent"\} [1-9]', exposition, re.M):
            fail(f"the example scrape at {target}{path}: {status}; missing {missing}")

        # The client's address reaches the log through nginx, forward auth's own request too.
        journal_text = open(JOURNAL, errors="replace").read()
        if not re.search(r"client=192\.0\.2\.21 .*route=/v1/auth status=401", journal_text):
            fail("forward auth from liam's tablet is not logged under its address (the auth location's X-Forwarded-For)")
        # The example fail2ban filter: one address hammering writes runs into the rate limit;
        # the filter finds exactly the answers that said 429, and nothing of routine refusals.
        subprocess.run(["ip", "addr", "add", "192.0.2.66/32", "dev", "lo"], check=True)
        limited = sum(fetch("POST", f"{HOST}/v1/profiles/nobody/challenges", "{}", json_post, source="192.0.2.66")[0] == 429
                      for _ in range(70))
        filter_file = f"{REPO}/Examples/fail2ban/filter.d/parental-gate.conf"
        def matched(log):
            result = subprocess.run(["fail2ban-regex", log, filter_file], capture_output=True, text=True)
            found = re.search(r"Lines: \d+ lines, \d+ ignored, (\d+) matched", result.stdout)
            return int(found.group(1)) if found else -1
        wait_for(lambda: open(JOURNAL, errors="replace").read().count("status=429") >= limited, "the rate-limited requests' lines")
        banned = matched(JOURNAL)
        if limited == 0 or banned != limited:
            fail(f"fail2ban's filter matched {banned} lines; the rate limit refused {limited} requests")
        if matched("<6>request client=2001:db8:1:2::/64 hb.request.id=1 method=POST ms=1 route=/v1/profiles/{profile}/challenges status=429") != 1:
            fail("fail2ban's filter misses an IPv6 client (logged as its /64)")
        if matched("<6>request client=192.0.2.1 hb.request.id=1 method=GET ms=1 route=/v1/auth status=401") != 0:
            fail("fail2ban's filter matches a routine 401")

        # Caddy with the README's Caddyfile, verbatim, in nginx's place.
        subprocess.run(["nginx", "-c", conf, "-p", "/run/deploy-check/nginx", "-s", "stop"], check=False)
        wait_for(lambda: fetch("GET", f"{HOST}/gate/emma")[0] == 0, "nginx to stop")
        os.makedirs("/run/deploy-check/caddy", exist_ok=True)
        with open("/run/deploy-check/caddy/Caddyfile", "w") as caddyfile:
            caddyfile.write(readme_block(readme, "## HTTP API", "caddy"))
        caddy_environment = dict(os.environ, HOME="/run/deploy-check/caddy", XDG_DATA_HOME="/run/deploy-check/caddy",
                                 XDG_CONFIG_HOME="/run/deploy-check/caddy")
        caddy = subprocess.Popen(["caddy", "run", "--config", "/run/deploy-check/caddy/Caddyfile", "--adapter", "caddyfile"],
                                 env=caddy_environment, stdout=subprocess.DEVNULL, stderr=open("/run/deploy-check/caddy/log", "w"))
        wait_for(lambda: fetch("GET", f"{HOST}/gate/emma")[0] == 200, "Caddy to serve the gate page")
        forward_auth("Caddy", as_mum)
    finally:
        upstream.terminate()
        if caddy:
            caddy.terminate()
        subprocess.run(["nginx", "-c", conf, "-p", "/run/deploy-check/nginx", "-s", "stop"], check=False, stderr=subprocess.DEVNULL)


def machine():
    """This namespace as a machine of its own: its loopback up, every folder an install
    writes overlaid (the real ones unchanged), home.lan at 127.0.0.1, the family's accounts."""
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    scratch = os.environ["DEPLOY_CHECK_SCRATCH"]  # made, and removed once the namespace is gone, outside
    # /lib too where it is not a link into /usr (a machine without merged /usr).
    for folder in ["/etc", "/usr", "/var", "/run", "/home"] + ([] if os.path.islink("/lib") else ["/lib"]):
        upper, work = f"{scratch}/{folder.strip('/').replace('/', '-')}", f"{scratch}/{folder.strip('/').replace('/', '-')}.work"
        os.makedirs(upper)
        os.makedirs(work)
        subprocess.run(["mount", "-t", "overlay", "overlay", "-o", f"lowerdir={folder},upperdir={upper},workdir={work}", folder], check=True)
    with open("/etc/hosts", "a") as hosts:
        hosts.write("127.0.0.1 home.lan\n")
    for account in ["mum", "emma", "liam"]:
        if subprocess.run(["getent", "passwd", account], capture_output=True).returncode != 0:
            subprocess.run(["useradd", "--create-home", account], check=True)


def package_day():
    """The .deb scripts/package-deb makes, installed, run, removed and purged with dpkg."""
    machine()
    bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO, capture_output=True,
                             text=True, check=True).stdout.strip()
    _, built = run(f"BIN_DIR={shlex.quote(bin_dir)} scripts/package-deb /run/deploy-check/deb")
    package = [line for line in built.splitlines() if line.endswith(".deb")][-1]  # its path, on standard output
    print(f"deploy check: dpkg -i {os.path.basename(package)}", flush=True)
    run(f"dpkg -i {shlex.quote(package)}")
    for path in ["/usr/bin/gatectl", "/usr/bin/parental-gated", "/usr/lib/systemd/system/parental-gated.service",
                 "/etc/parental-gate/parental-gated.json", "/etc/parental-gate/admin-token"]:
        if not os.path.exists(path):
            fail(f"the package installed no {path}")
    token = open("/etc/parental-gate/admin-token").read()
    if os.stat("/etc/parental-gate/admin-token").st_mode & 0o077 or not re.fullmatch(r"[0-9a-f]{64}", token):
        fail(f"the package's admin token is readable by others or not 64 hex digits: {token!r}")
    if subprocess.run(["getent", "group", "parental-admin"], capture_output=True).returncode != 0:
        fail("the package made no parental-admin group")
    if ".symtab" in subprocess.run(["readelf", "-S", "/usr/bin/parental-gated"], capture_output=True, text=True).stdout:
        fail("the package's programs are not stripped")
    run("usermod -aG parental-admin mum")
    start_unit("parental-gated")
    wait_for(lambda: os.path.exists("/run/parental-gate/admin.sock"), "the packaged daemon's socket")
    _, output = run("gatectl profile add emma && gatectl status emma", user="mum")
    if "emma" not in output:
        fail(f"gatectl through the packaged daemon: {output}")
    stop_unit("parental-gated")
    print("deploy check: dpkg -r parental-gate; dpkg -P parental-gate", flush=True)
    run("dpkg -r parental-gate")
    if os.path.exists("/usr/bin/gatectl") or not os.path.exists("/etc/parental-gate/parental-gated.json"):
        fail("dpkg -r left the programs, or took the configuration (a conffile stays until purge)")
    run("dpkg -P parental-gate")
    if os.path.exists("/etc/parental-gate"):
        fail("dpkg -P left /etc/parental-gate")
    if not os.path.exists(DATABASE):
        fail("dpkg -P removed the family's database")
    status, _ = run("dpkg -s parental-gate", check=False)
    if status == 0:
        fail("dpkg still lists parental-gate after the purge")
    print("deploy check: the package installs, runs, removes and purges cleanly")


def inner():
    machine()
    with open(f"{REPO}/README.md") as readme_file:
        readme = readme_file.read()
    lines = [line for line in readme_block(readme, "## Deploy on a home server", "sh").splitlines() if line.strip()]
    prelude = 'systemctl() { /usr/bin/python3 "$DEPLOY_CHECK_SELF" --systemctl "$@"; }\njournalctl() { cat /run/deploy-check/journal; }\n'
    for line in lines:
        user = re.search(r"#\s*as (\w+)\b", line)
        command = line.split(" #")[0].strip() if "#" in line else line.strip()
        print(f"deploy check: {command}" + (f"   (as {user.group(1)})" if user else ""), flush=True)
        if user and command.startswith("gatectl gate "):
            gate_at_terminal(command, user.group(1))
        else:
            run(prelude + command, user=user.group(1) if user else None)
        if "systemctl" in command:
            wait_for(lambda: os.path.exists("/run/parental-gate/admin.sock") and os.path.exists("/run/parental-gate/gate.sock"),
                     "the daemon's sockets")
    pid = int(open(PIDFILE).read())
    try:
        family_day(readme)
        os.kill(pid, 0)  # still running: the filter killed nothing
        # SIGHUP, as log rotation and reload habits send it: logged, nothing ends.
        os.kill(pid, signal.SIGHUP)
        wait_for(lambda: "SIGHUP: nothing is reloaded" in open(JOURNAL, errors="replace").read(), "the SIGHUP line")
        os.kill(pid, 0)
        run(prelude + "systemctl stop parental-gated")
        logged = open(JOURNAL, errors="replace").read()
        if "starting" not in logged or "database=/var/lib/parental-gate/gate.sqlite" not in logged or " stopped" not in logged:
            fail("the journal lacks the start line (version, database, config) or the stop line")
        # The daemon down, its port is no one else's: a child's account cannot listen there.
        port = json.load(open("/etc/parental-gate/parental-gated.json"))["http"]["port"]
        status, output = run(f"/usr/bin/python3 -c 'import socket; socket.socket().bind((\"127.0.0.1\", {port}))'", user="emma", check=False)
        if status == 0 or "Permission denied" not in output:
            fail(f"with the daemon stopped, emma's account could take its port {port}: {output}")
        # The daemon down: gatectl says so, and makes no database of its own the gate would never read.
        status, output = run("gatectl profile list", user="mum", check=False)
        if status != 69 or "is installed here" not in output:
            fail(f"gatectl with the daemon stopped: exit {status}: {output}")
        if os.path.exists(os.path.expanduser("~mum/.local/share/parental-gate")):
            fail("gatectl made a database of its own in mum's home with the daemon stopped")
    except ProcessLookupError:
        fail("the daemon is gone")
    finally:
        try:
            os.killpg(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    print("deploy check: the README's deployment and a family's first day through it passed")


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--exec-sandboxed":
        exec_sandboxed(json.loads(sys.argv[2]))
    elif len(sys.argv) > 2 and sys.argv[1] == "--exec-filtered":
        exec_filtered(json.loads(sys.argv[2]))
    elif len(sys.argv) > 1 and sys.argv[1] == "--systemctl":
        systemctl(sys.argv[2:])
    elif os.environ.get("DEPLOY_CHECK_INNER") == "1":
        inner()
    elif os.environ.get("DEPLOY_CHECK_INNER") == "package":
        package_day()
    else:
        if os.geteuid() != 0:
            fail("needs root (it installs as the README does, in namespaces of its own): CI runs it as root")
        for tool in ["unshare", "nginx", "caddy", "systemd-analyze", "runuser", "openssl", "ip", "dpkg-deb", "readelf", "fail2ban-regex", "setfacl"]:
            if not shutil.which(tool):
                fail(f"needs {tool} (.ci/run installs it)")
        try:
            import seccomp  # noqa: F401
        except ImportError:
            fail("needs python3-seccomp (.ci/run installs it)")
        # Two machines, each a namespace of its own: the README's deployment, then the package.
        for mode in ["1", "package"]:
            # The overlays' upper layers (the installed programs among them) live here, outside
            # the namespace, and go when it has ended with its mounts.
            scratch = tempfile.mkdtemp(prefix="deploy-check-")
            environment = dict(os.environ, DEPLOY_CHECK_INNER=mode, DEPLOY_CHECK_SCRATCH=scratch)
            try:
                result = subprocess.run(["unshare", "--mount", "--net", "--propagation", "private", "/usr/bin/python3", HERE],
                                        env=environment)
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
            if result.returncode != 0:
                sys.exit(result.returncode)


if __name__ == "__main__":
    main()
