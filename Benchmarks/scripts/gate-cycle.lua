-- Benchmarks/scripts/gate-cycle.lua — wrk script for issue 8, item 4 (used by server.sh).
--
-- Drives begin + answer pairs against `gatectl serve`:
--   POST /v1/profiles/p<N>/challenges   {}            → 201 {"challenge":{"id":…},"result":"challenge"}
--   POST /v1/challenges/<id>/answer     {"value":42}  → 200 {"result":"passed",…}
--
-- Only one challenge may be open per profile (a new begin abandons the open one, and
-- abandons count as failed challenges), so no profile may see a second begin before the
-- answer to its first has completed. wrk's Lua state is per thread and response() is not
-- told which connection it belongs to, so each thread:
--   * owns a disjoint slice of the profiles p0..p(P-1) (thread k of T: P/T profiles from
--     k*P/T), visited round-robin by begins;
--   * keeps a FIFO of challenge ids whose answer is still to be sent: response() pushes the
--     id of each 201, request() sends a pending answer first and a begin only when none
--     is pending.
-- A thread has at most C/T requests in flight, so a begin's answer completes within about
-- 3*C/T requests of that thread; server.sh checks that P/T is well above that, and counts
-- abandoned challenges on the server afterwards (there must be none).
--
-- Run by server.sh; by hand:
--   GATE_RESULT_FILE=out.json wrk -t 2 -c 16 -d 10s --latency -s gate-cycle.lua \
--       http://127.0.0.1:PORT -- THREADS PROFILES ANSWER
-- (THREADS must equal -t; the database needs profiles p0..p(PROFILES-1) whose question's
-- answer is ANSWER, see common.sh.) done() prints a summary and, when GATE_RESULT_FILE is
-- set, writes it there as JSON.

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

-- Main state (setup and done): the threads, numbered as wrk creates them.
local threads = {}

function setup(thread)
   thread:set("tid", #threads)
   table.insert(threads, thread)
end

-- Thread state. Globals, so that done() can read them with thread:get.
tid = 0
first, count, cursor = 0, 1, 0
answer_body = '{"value":42}'
begins_sent, answers_sent = 0, 0          -- requests made
issued = 0                                -- 201 with a challenge id
passed, not_passed = 0, 0                 -- 200 answers: "passed" or anything else
unparsed = 0                              -- 2xx whose body matched neither shape
non2xx, locked, conflicts, not_found = 0, 0, 0, 0
last_not_passed, last_error = "", ""
local pending, head, tail = {}, 1, 0

function init(args)
   local nthreads = tonumber(args[1]) or 1
   local profiles = tonumber(args[2]) or 512
   answer_body = '{"value":' .. (args[3] or "42") .. '}'
   count = math.floor(profiles / nthreads)
   if count < 1 then error("fewer profiles than threads") end
   first = tid * count
   cursor = 0
end

function request()
   if head <= tail then
      local id = pending[head]
      pending[head] = nil
      head = head + 1
      answers_sent = answers_sent + 1
      return wrk.format(nil, "/v1/challenges/" .. id .. "/answer", nil, answer_body)
   end
   local profile = first + cursor
   cursor = (cursor + 1) % count
   begins_sent = begins_sent + 1
   return wrk.format(nil, "/v1/profiles/p" .. profile .. "/challenges", nil, "{}")
end

function response(status, headers, body)
   if status == 201 then
      local id = body:match('"id"%s*:%s*"(%x+)"')
      if id then
         issued = issued + 1
         tail = tail + 1
         pending[tail] = id
      else
         unparsed = unparsed + 1
         last_error = "201 " .. body:sub(1, 200)
      end
   elseif status == 200 then
      local result = body:match('"result"%s*:%s*"(%a+)"')
      if result == "passed" then
         passed = passed + 1
      elseif result then
         not_passed = not_passed + 1
         last_not_passed = body:sub(1, 200)
      else
         unparsed = unparsed + 1
         last_error = "200 " .. body:sub(1, 200)
      end
   else
      non2xx = non2xx + 1
      if status == 423 then locked = locked + 1
      elseif status == 409 then conflicts = conflicts + 1
      elseif status == 404 then not_found = not_found + 1 end
      last_error = status .. " " .. body:sub(1, 200)
   end
end

local function json_string(s)
   return '"' .. tostring(s):gsub('[%c"\\]', function(c)
      return string.format("\\u%04x", c:byte())
   end) .. '"'
end

function done(summary, latency, requests)
   local totals = {
      begins_sent = 0, answers_sent = 0, issued = 0, passed = 0, not_passed = 0,
      unparsed = 0, non2xx = 0, locked = 0, conflicts = 0, not_found = 0,
   }
   local last_not_passed_all, last_error_all = "", ""
   for _, thread in ipairs(threads) do
      for key in pairs(totals) do
         totals[key] = totals[key] + (thread:get(key) or 0)
      end
      local lnp, le = thread:get("last_not_passed"), thread:get("last_error")
      if lnp and lnp ~= "" then last_not_passed_all = lnp end
      if le and le ~= "" then last_error_all = le end
   end
   local seconds = summary.duration / 1e6
   local e = summary.errors
   local socket_errors = e.connect + e.read + e.write + e.timeout
   local answered = totals.passed + totals.not_passed
   local result = {
      durationSeconds = seconds,
      requests = summary.requests,
      requestsPerSecond = summary.requests / seconds,
      beginsSent = totals.begins_sent,
      answersSent = totals.answers_sent,
      challengesIssued = totals.issued,
      answered = answered,
      passed = totals.passed,
      notPassed = totals.not_passed,
      pairsPerSecond = answered / seconds,
      passesPerSecond = totals.passed / seconds,
      unparsed = totals.unparsed,
      non2xx = totals.non2xx,
      locked423 = totals.locked,
      conflict409 = totals.conflicts,
      notFound404 = totals.not_found,
      wrkStatusErrors = e.status,
      socketErrors = socket_errors,
      connectErrors = e.connect, readErrors = e.read, writeErrors = e.write, timeouts = e.timeout,
      latencyP50Ms = latency:percentile(50) / 1000,
      latencyP90Ms = latency:percentile(90) / 1000,
      latencyP99Ms = latency:percentile(99) / 1000,
      latencyMaxMs = latency.max / 1000,
      latencyMeanMs = latency.mean / 1000,
      latencyStdevMs = latency.stdev / 1000,
   }
   local keys = {}
   for key in pairs(result) do table.insert(keys, key) end
   table.sort(keys)
   local parts = {}
   for _, key in ipairs(keys) do
      local value = result[key]
      if value ~= value or value == math.huge or value == -math.huge then value = "null"
      elseif math.floor(value) == value and math.abs(value) < 2^53 then value = string.format("%d", value)
      else value = string.format("%.4f", value) end
      table.insert(parts, json_string(key) .. ":" .. value)
   end
   table.insert(parts, '"lastNotPassed":' .. json_string(last_not_passed_all))
   table.insert(parts, '"lastError":' .. json_string(last_error_all))
   local json = "{" .. table.concat(parts, ",") .. "}"

   io.write(string.format(
      "gate cycle: %d begins, %d answers (%d passed, %d not passed), %.1f pairs/s, %.1f requests/s, "
      .. "%d non-2xx (423: %d, 409: %d, 404: %d), %d socket errors, %d unparsed\n",
      totals.begins_sent, totals.answers_sent, totals.passed, totals.not_passed,
      result.pairsPerSecond, result.requestsPerSecond, totals.non2xx, totals.locked,
      totals.conflicts, totals.not_found, socket_errors, totals.unparsed))
   if last_not_passed_all ~= "" then io.write("last answer not passed: " .. last_not_passed_all .. "\n") end
   if last_error_all ~= "" then io.write("last error: " .. last_error_all .. "\n") end

   local path = os.getenv("GATE_RESULT_FILE")
   if path and path ~= "" then
      local file = assert(io.open(path, "w"))
      file:write(json, "\n")
      file:close()
   end
end
