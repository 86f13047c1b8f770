/**
 * The indexed listing driver's writes, each one Lua script so a listing, its index entries and
 * the counters never disagree (keys.ts says what each key holds).
 *
 * Keys: KEYS[1] listings hash, KEYS[2] entries hash, KEYS[3] counters, KEYS[4] processes with
 * listings; the per-process sets are named from ARGV[1] of each script.
 */

// Undo one room's entries (its `where` lines): leave its index sets, step its counters back.
const DROP = `
local function drop(id, procPrefix)
  local d = redis.call('HGET', KEYS[2], id)
  if not d then return false end
  for line in string.gmatch(d, '[^\\n]+') do
    local t = string.sub(line, 1, 1)
    local rest = string.sub(line, 2)
    if t == 'Z' then
      redis.call('ZREM', rest, id)
    elseif t == 'P' then
      local set = procPrefix .. rest
      redis.call('ZREM', set, id)
      if redis.call('ZCARD', set) == 0 then redis.call('SREM', KEYS[4], rest) end
    elseif t == 'C' then
      local field, step = string.match(rest, '^(.*)\\t(-?%d+)$')
      if field and redis.call('HINCRBY', KEYS[3], field, -tonumber(step)) == 0 then redis.call('HDEL', KEYS[3], field) end
    end
  end
  redis.call('HDEL', KEYS[2], id)
  return true
end
`;

/**
 * ARGV: procPrefix, roomId, listing JSON, entries, score, how, mark.
 * how = `create`: written whatever is there; `own`: written unless the listing there names
 * another process (`mark` is `"processId":"<writer>"`), so a late write of a table that moved
 * leaves its new host's listing. Returns 1 when written, 0 when not.
 */
export const PUT = `${DROP}
local id = ARGV[2]
if ARGV[6] == 'own' then
  local old = redis.call('HGET', KEYS[1], id)
  if old and not string.find(old, ARGV[7], 1, true) then return 0 end
end
drop(id, ARGV[1])
local score = tonumber(ARGV[5])
for line in string.gmatch(ARGV[4], '[^\\n]+') do
  local t = string.sub(line, 1, 1)
  local rest = string.sub(line, 2)
  if t == 'Z' then
    redis.call('ZADD', rest, score, id)
  elseif t == 'P' then
    redis.call('ZADD', ARGV[1] .. rest, score, id)
    redis.call('SADD', KEYS[4], rest)
  elseif t == 'C' then
    local field, step = string.match(rest, '^(.*)\\t(-?%d+)$')
    if field and redis.call('HINCRBY', KEYS[3], field, tonumber(step)) == 0 then redis.call('HDEL', KEYS[3], field) end
  end
end
redis.call('HSET', KEYS[1], id, ARGV[3])
redis.call('HSET', KEYS[2], id, ARGV[4])
return 1`;

/**
 * ARGV: procPrefix, mark ('' = any), roomId... Removes each listing (and its entries) unless the
 * listing there names another process than `mark` says; an entry whose listing is already gone
 * (removed by other code) is undone too. Returns how many listings were removed.
 */
export const REMOVE = `${DROP}
local n = 0
for i = 3, #ARGV do
  local id = ARGV[i]
  local old = redis.call('HGET', KEYS[1], id)
  if not (old and ARGV[2] ~= '' and not string.find(old, ARGV[2], 1, true)) then
    drop(id, ARGV[1])
    if old then
      redis.call('HDEL', KEYS[1], id)
      n = n + 1
    end
  end
end
return n`;
