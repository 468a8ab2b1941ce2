-- «иванов»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and (strpos("search_text", $6) > 0) order by "work_sort", "id" limit $7;
-- ["9",1000,"9","new","in_progress","иванов",51]
select "work_sort", "id" from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2 offset $3;
-- ["9",1,1000]
select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3)) and ("work_state" || '') in ($4) union all select id from "tasks" where (("search_text" like $5 and "search_text" like $6 and "search_text" like $7)) and ("work_state" || '') in ($8)) as candidates limit $9;
-- ["%ива%","%ано%","%нов%","new","%ива%","%ано%","%нов%","in_progress",2501]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where 1 = 0 limit $1) as "tasks" where "work_sort" < $2 and (work_state || '') in ($3, $4) and (strpos("search_text", $5) > 0) order by "work_sort", "id" limit $6;
-- [0,"9","new","in_progress","иванов",51]

-- «иванов»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1, $2, $3) limit $4) as "tasks" where "work_sort" < $5 and (work_state || '') in ($6, $7) and (strpos("search_text", $8) > 0) order by "work_sort", "id" limit $9;
-- [3,1,2,3,"9","new","in_progress","иванов",51]

-- «иванов»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from "tasks" where "work_sort" < $1 and (work_state || '') in ($2, $3) and "id" in (select id from (select id from "tasks" where (("search_text" like $4 and "search_text" like $5 and "search_text" like $6)) and ("work_state" || '') in ($7) union all select id from "tasks" where (("search_text" like $8 and "search_text" like $9 and "search_text" like $10)) and ("work_state" || '') in ($11)) as named) and (strpos("search_text", $12) > 0) order by "work_sort", "id" limit $13;
-- ["9","new","in_progress","%ива%","%ано%","%нов%","new","%ива%","%ано%","%нов%","in_progress","иванов",51]

-- «иванов»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (strpos("tasks"."search_text", $1) > 0) then 1 else 0 end as "matched" from "tasks" where "work_state" in ($2, $3, $4) limit $5) as "head";
-- ["иванов","new","in_progress","closed",1000]
select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3))) as candidates limit $4;
-- ["%ива%","%ано%","%нов%",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in ($1, $2, $3) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «иванов петр»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and (strpos("search_text", $6) > 0) order by "work_sort", "id" limit $7;
-- ["9",1000,"9","new","in_progress","иванов петр",51]
select "work_sort", "id" from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2 offset $3;
-- ["9",1,1000]
select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3 and "search_text" like $4)) and ("work_state" || '') in ($5) union all select id from "tasks" where (("search_text" like $6 and "search_text" like $7 and "search_text" like $8 and "search_text" like $9)) and ("work_state" || '') in ($10)) as candidates limit $11;
-- ["%ива%","%ано%","%пет%","%етр%","new","%ива%","%ано%","%пет%","%етр%","in_progress",2501]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where 1 = 0 limit $1) as "tasks" where "work_sort" < $2 and (work_state || '') in ($3, $4) and (strpos("search_text", $5) > 0) order by "work_sort", "id" limit $6;
-- [0,"9","new","in_progress","иванов петр",51]

-- «иванов петр»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1, $2, $3) limit $4) as "tasks" where "work_sort" < $5 and (work_state || '') in ($6, $7) and (strpos("search_text", $8) > 0) order by "work_sort", "id" limit $9;
-- [3,1,2,3,"9","new","in_progress","иванов петр",51]

-- «иванов петр»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from "tasks" where "work_sort" < $1 and (work_state || '') in ($2, $3) and "id" in (select id from (select id from "tasks" where (("search_text" like $4 and "search_text" like $5 and "search_text" like $6 and "search_text" like $7)) and ("work_state" || '') in ($8) union all select id from "tasks" where (("search_text" like $9 and "search_text" like $10 and "search_text" like $11 and "search_text" like $12)) and ("work_state" || '') in ($13)) as named) and (strpos("search_text", $14) > 0) order by "work_sort", "id" limit $15;
-- ["9","new","in_progress","%ива%","%ано%","%пет%","%етр%","new","%ива%","%ано%","%пет%","%етр%","in_progress","иванов петр",51]

-- «иванов петр»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (strpos("tasks"."search_text", $1) > 0) then 1 else 0 end as "matched" from "tasks" where "work_state" in ($2, $3, $4) limit $5) as "head";
-- ["иванов петр","new","in_progress","closed",1000]
select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3 and "search_text" like $4))) as candidates limit $5;
-- ["%ива%","%ано%","%пет%","%етр%",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in ($1, $2, $3) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «ив»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and (strpos("search_text", $6) > 0) order by "work_sort", "id" limit $7;
-- ["9",1000,"9","new","in_progress","ив",51]
select "work_sort", "id" from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2 offset $3;
-- ["9",1,1000]
select id from (select id from "tasks" where (array_to_tsvector(search_grams(search_text || ' ' || client_phone_digits)) @@ $1::tsquery) and ("work_state" || '') in ($2) union all select id from "tasks" where (array_to_tsvector(search_grams(search_text || ' ' || client_phone_digits)) @@ $3::tsquery) and ("work_state" || '') in ($4)) as candidates limit $5;
-- ["'ив'","new","'ив'","in_progress",2501]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where 1 = 0 limit $1) as "tasks" where "work_sort" < $2 and (work_state || '') in ($3, $4) and (strpos("search_text", $5) > 0) order by "work_sort", "id" limit $6;
-- [0,"9","new","in_progress","ив",51]

-- «ив»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1, $2, $3) limit $4) as "tasks" where "work_sort" < $5 and (work_state || '') in ($6, $7) and (strpos("search_text", $8) > 0) order by "work_sort", "id" limit $9;
-- [3,1,2,3,"9","new","in_progress","ив",51]

-- «ив»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from "tasks" where "work_sort" < $1 and (work_state || '') in ($2, $3) and "id" in (select id from (select id from "tasks" where (array_to_tsvector(search_grams(search_text || ' ' || client_phone_digits)) @@ $4::tsquery) and ("work_state" || '') in ($5) union all select id from "tasks" where (array_to_tsvector(search_grams(search_text || ' ' || client_phone_digits)) @@ $6::tsquery) and ("work_state" || '') in ($7)) as named) and (strpos("search_text", $8) > 0) order by "work_sort", "id" limit $9;
-- ["9","new","in_progress","'ив'","new","'ив'","in_progress","ив",51]

-- «ив»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (strpos("tasks"."search_text", $1) > 0) then 1 else 0 end as "matched" from "tasks" where "work_state" in ($2, $3, $4) limit $5) as "head";
-- ["ив","new","in_progress","closed",1000]
select id from (select id from "tasks" where (array_to_tsvector(search_grams(search_text || ' ' || client_phone_digits)) @@ $1::tsquery)) as candidates limit $2;
-- ["'ив'",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in ($1, $2, $3) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «8 912 345»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and (strpos("search_text", $6) > 0 or strpos("client_phone_digits", $7) > 0 or strpos("client_phone_digits", $8) = 1 or strpos("client_phone_digits", $9) = 1 or strpos("client_phone_digits", $10) = 1) order by "work_sort", "id" limit $11;
-- ["9",1000,"9","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]
select "work_sort", "id" from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2 offset $3;
-- ["9",1,1000]
select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2) or ("client_phone_digits" like $3 and "client_phone_digits" like $4 and "client_phone_digits" like $5) or "client_phone_digits" like $6 or "client_phone_digits" like $7 or "client_phone_digits" like $8) and ("work_state" || '') in ($9) union all select id from "tasks" where (("search_text" like $10 and "search_text" like $11) or ("client_phone_digits" like $12 and "client_phone_digits" like $13 and "client_phone_digits" like $14) or "client_phone_digits" like $15 or "client_phone_digits" like $16 or "client_phone_digits" like $17) and ("work_state" || '') in ($18)) as candidates limit $19;
-- ["%912%","%345%","%891%","%123%","%345%","7912345%","8912345%","912345%","new","%912%","%345%","%891%","%123%","%345%","7912345%","8912345%","912345%","in_progress",2501]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where 1 = 0 limit $1) as "tasks" where "work_sort" < $2 and (work_state || '') in ($3, $4) and (strpos("search_text", $5) > 0 or strpos("client_phone_digits", $6) > 0 or strpos("client_phone_digits", $7) = 1 or strpos("client_phone_digits", $8) = 1 or strpos("client_phone_digits", $9) = 1) order by "work_sort", "id" limit $10;
-- [0,"9","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]

-- «8 912 345»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1, $2, $3) limit $4) as "tasks" where "work_sort" < $5 and (work_state || '') in ($6, $7) and (strpos("search_text", $8) > 0 or strpos("client_phone_digits", $9) > 0 or strpos("client_phone_digits", $10) = 1 or strpos("client_phone_digits", $11) = 1 or strpos("client_phone_digits", $12) = 1) order by "work_sort", "id" limit $13;
-- [3,1,2,3,"9","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]

-- «8 912 345»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from "tasks" where "work_sort" < $1 and (work_state || '') in ($2, $3) and "id" in (select id from (select id from "tasks" where (("search_text" like $4 and "search_text" like $5) or ("client_phone_digits" like $6 and "client_phone_digits" like $7 and "client_phone_digits" like $8) or "client_phone_digits" like $9 or "client_phone_digits" like $10 or "client_phone_digits" like $11) and ("work_state" || '') in ($12) union all select id from "tasks" where (("search_text" like $13 and "search_text" like $14) or ("client_phone_digits" like $15 and "client_phone_digits" like $16 and "client_phone_digits" like $17) or "client_phone_digits" like $18 or "client_phone_digits" like $19 or "client_phone_digits" like $20) and ("work_state" || '') in ($21)) as named) and (strpos("search_text", $22) > 0 or strpos("client_phone_digits", $23) > 0 or strpos("client_phone_digits", $24) = 1 or strpos("client_phone_digits", $25) = 1 or strpos("client_phone_digits", $26) = 1) order by "work_sort", "id" limit $27;
-- ["9","new","in_progress","%912%","%345%","%891%","%123%","%345%","7912345%","8912345%","912345%","new","%912%","%345%","%891%","%123%","%345%","7912345%","8912345%","912345%","in_progress","8 912 345","8912345","7912345","8912345","912345",51]

-- «8 912 345»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (strpos("tasks"."search_text", $1) > 0 or strpos("tasks"."client_phone_digits", $2) > 0 or strpos("tasks"."client_phone_digits", $3) = 1 or strpos("tasks"."client_phone_digits", $4) = 1 or strpos("tasks"."client_phone_digits", $5) = 1) then 1 else 0 end as "matched" from "tasks" where "work_state" in ($6, $7, $8) limit $9) as "head";
-- ["8 912 345","8912345","7912345","8912345","912345","new","in_progress","closed",1000]
select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2) or ("client_phone_digits" like $3 and "client_phone_digits" like $4 and "client_phone_digits" like $5) or "client_phone_digits" like $6 or "client_phone_digits" like $7 or "client_phone_digits" like $8)) as candidates limit $9;
-- ["%912%","%345%","%891%","%123%","%345%","7912345%","8912345%","912345%",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in ($1, $2, $3) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «#12»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and ("id" = $6) order by "work_sort", "id" limit $7;
-- ["9",1000,"9","new","in_progress",12,51]
select "work_sort", "id" from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2 offset $3;
-- ["9",1,1000]
select id from (select id from "tasks" where () and ("work_state" || '') in ($1) union all select id from "tasks" where () and ("work_state" || '') in ($2)) as candidates limit $3;
-- ["new","in_progress",2501]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1) limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and ("id" = $6) order by "work_sort", "id" limit $7;
-- [12,1,"9","new","in_progress",12,51]

-- «#12»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1, $2, $3) limit $4) as "tasks" where "work_sort" < $5 and (work_state || '') in ($6, $7) and ("id" = $8) order by "work_sort", "id" limit $9;
-- [3,1,2,3,"9","new","in_progress",12,51]

-- «#12»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from "tasks" where "work_sort" < $1 and (work_state || '') in ($2, $3) and "id" in (select id from (select id from (select 0 as id where 1 = 0) as named union all select $4) as named) and ("id" = $5) order by "work_sort", "id" limit $6;
-- ["9","new","in_progress",12,12,51]

-- «#12»: the counts, up to 1,001 a state
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where "id" in ($1) and ("id" = $2) and (work_state || '') in ($3, $4, $5) group by (work_state || '');
-- [12,12,"new","in_progress","closed"]

-- «иванов»: the ticket list
select "tickets"."created_at" as "created_at", "tickets"."id" as "id" from "tickets" left join "clients" on "clients"."id" = "tickets"."client_id" where coalesce("tickets"."deleted_at", '') = '' order by "tickets"."created_at" desc, "tickets"."id" desc limit $1 offset $2;
-- [1,999]
select "tickets".*, "clients"."phone" as "client_phone", "clients"."whatsapp_url" as "client_whatsapp_url", "clients"."deleted_at" as "client_deleted_at" from "tickets" left join "clients" on "clients"."id" = "tickets"."client_id" where coalesce("tickets"."deleted_at", '') = '' and (strpos("tickets"."search_text", $1) > 0) and ("tickets"."created_at", "tickets"."id") >= ($2, $3) order by "tickets"."created_at" desc, "tickets"."id" desc limit $4;
-- ["иванов",null,1,51]
select id from (select id from "tickets" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3))) as candidates limit $4;
-- ["%ива%","%ано%","%нов%",2501]
select "tickets".*, "clients"."phone" as "client_phone", "clients"."whatsapp_url" as "client_whatsapp_url", "clients"."deleted_at" as "client_deleted_at" from "tickets" left join "clients" on "clients"."id" = "tickets"."client_id" where coalesce("tickets"."deleted_at", '') = '' and 1 = 0 order by "tickets"."created_at" desc, "tickets"."id" desc limit $1;
-- [51]
