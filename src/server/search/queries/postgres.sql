-- «иванов»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and (strpos("search_text", $6) > 0) order by "work_sort", "id" limit $7;
-- ["9",1000,"9","new","in_progress","иванов",51]
select "work_sort", "id" from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2 offset $3;
-- ["9",1,1000]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3)) and ("work_state" || '') in ($4) union all select id from "tasks" where (("search_text" like $5 and "search_text" like $6 and "search_text" like $7)) and ("work_state" || '') in ($8)) as named) offset $9) as "tasks" where "work_sort" < $10 and (work_state || '') in ($11, $12) and (strpos("search_text", $13) > 0) order by "work_sort", "id" limit $14;
-- ["%ива%","%ано%","%нов%","new","%ива%","%ано%","%нов%","in_progress",0,"9","new","in_progress","иванов",51]

-- «иванов»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1, $2, $3) limit $4) as "tasks" where "work_sort" < $5 and (work_state || '') in ($6, $7) and (strpos("search_text", $8) > 0) order by "work_sort", "id" limit $9;
-- [3,1,2,3,"9","new","in_progress","иванов",51]

-- «иванов»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3)) and ("work_state" || '') in ($4) union all select id from "tasks" where (("search_text" like $5 and "search_text" like $6 and "search_text" like $7)) and ("work_state" || '') in ($8)) as named) offset $9) as "tasks" where "work_sort" < $10 and (work_state || '') in ($11, $12) and (strpos("search_text", $13) > 0) order by "work_sort", "id" limit $14;
-- ["%ива%","%ано%","%нов%","new","%ива%","%ано%","%нов%","in_progress",0,"9","new","in_progress","иванов",51]

-- «иванов»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (strpos("tasks"."search_text", $1) > 0) then 1 else 0 end as "matched" from "tasks" where "work_state" in ($2, $3, $4) limit $5) as "head";
-- ["иванов","new","in_progress","closed",1000]
select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3))) as candidates limit $4;
-- ["%ива%","%ано%","%нов%",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in ($1, $2, $3) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «иванов петр»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and (strpos("search_text", $6) > 0) order by "work_sort", "id" limit $7;
-- ["9",1000,"9","new","in_progress","иванов петр",51]
select "work_sort", "id" from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2 offset $3;
-- ["9",1,1000]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3 and "search_text" like $4)) and ("work_state" || '') in ($5) union all select id from "tasks" where (("search_text" like $6 and "search_text" like $7 and "search_text" like $8 and "search_text" like $9)) and ("work_state" || '') in ($10)) as named) offset $11) as "tasks" where "work_sort" < $12 and (work_state || '') in ($13, $14) and (strpos("search_text", $15) > 0) order by "work_sort", "id" limit $16;
-- ["%ива%","%ано%","%пет%","%етр%","new","%ива%","%ано%","%пет%","%етр%","in_progress",0,"9","new","in_progress","иванов петр",51]

-- «иванов петр»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1, $2, $3) limit $4) as "tasks" where "work_sort" < $5 and (work_state || '') in ($6, $7) and (strpos("search_text", $8) > 0) order by "work_sort", "id" limit $9;
-- [3,1,2,3,"9","new","in_progress","иванов петр",51]

-- «иванов петр»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3 and "search_text" like $4)) and ("work_state" || '') in ($5) union all select id from "tasks" where (("search_text" like $6 and "search_text" like $7 and "search_text" like $8 and "search_text" like $9)) and ("work_state" || '') in ($10)) as named) offset $11) as "tasks" where "work_sort" < $12 and (work_state || '') in ($13, $14) and (strpos("search_text", $15) > 0) order by "work_sort", "id" limit $16;
-- ["%ива%","%ано%","%пет%","%етр%","new","%ива%","%ано%","%пет%","%етр%","in_progress",0,"9","new","in_progress","иванов петр",51]

-- «иванов петр»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (strpos("tasks"."search_text", $1) > 0) then 1 else 0 end as "matched" from "tasks" where "work_state" in ($2, $3, $4) limit $5) as "head";
-- ["иванов петр","new","in_progress","closed",1000]
select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2 and "search_text" like $3 and "search_text" like $4))) as candidates limit $5;
-- ["%ива%","%ано%","%пет%","%етр%",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in ($1, $2, $3) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «ив»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and (strpos("search_text", $6) > 0) order by "work_sort", "id" limit $7;
-- ["9",1000,"9","new","in_progress","ив",51]
select "work_sort", "id" from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2 offset $3;
-- ["9",1,1000]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (select id from (select id from "tasks" where (array_to_tsvector(search_grams(search_text || ' ' || client_phone_digits)) @@ $1::tsquery) and ("work_state" || '') in ($2) union all select id from "tasks" where (array_to_tsvector(search_grams(search_text || ' ' || client_phone_digits)) @@ $3::tsquery) and ("work_state" || '') in ($4)) as named) offset $5) as "tasks" where "work_sort" < $6 and (work_state || '') in ($7, $8) and (strpos("search_text", $9) > 0) order by "work_sort", "id" limit $10;
-- ["'ив'","new","'ив'","in_progress",0,"9","new","in_progress","ив",51]

-- «ив»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1, $2, $3) limit $4) as "tasks" where "work_sort" < $5 and (work_state || '') in ($6, $7) and (strpos("search_text", $8) > 0) order by "work_sort", "id" limit $9;
-- [3,1,2,3,"9","new","in_progress","ив",51]

-- «ив»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (select id from (select id from "tasks" where (array_to_tsvector(search_grams(search_text || ' ' || client_phone_digits)) @@ $1::tsquery) and ("work_state" || '') in ($2) union all select id from "tasks" where (array_to_tsvector(search_grams(search_text || ' ' || client_phone_digits)) @@ $3::tsquery) and ("work_state" || '') in ($4)) as named) offset $5) as "tasks" where "work_sort" < $6 and (work_state || '') in ($7, $8) and (strpos("search_text", $9) > 0) order by "work_sort", "id" limit $10;
-- ["'ив'","new","'ив'","in_progress",0,"9","new","in_progress","ив",51]

-- «ив»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (strpos("tasks"."search_text", $1) > 0) then 1 else 0 end as "matched" from "tasks" where "work_state" in ($2, $3, $4) limit $5) as "head";
-- ["ив","new","in_progress","closed",1000]
select id from (select id from "tasks" where (array_to_tsvector(search_grams(search_text || ' ' || client_phone_digits)) @@ $1::tsquery)) as candidates limit $2;
-- ["'ив'",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in ($1, $2, $3) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «8 912 345»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and (strpos("search_text", $6) > 0 or strpos("client_phone_digits", $7) > 0 or strpos("client_phone_digits", $8) = 1 or strpos("client_phone_digits", $9) = 1 or strpos("client_phone_digits", $10) = 1) order by "work_sort", "id" limit $11;
-- ["9",1000,"9","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]
select "work_sort", "id" from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2 offset $3;
-- ["9",1,1000]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2) or ("client_phone_digits" like $3 and "client_phone_digits" like $4 and "client_phone_digits" like $5) or "client_phone_digits" like $6 or "client_phone_digits" like $7 or "client_phone_digits" like $8) and ("work_state" || '') in ($9) union all select id from "tasks" where (("search_text" like $10 and "search_text" like $11) or ("client_phone_digits" like $12 and "client_phone_digits" like $13 and "client_phone_digits" like $14) or "client_phone_digits" like $15 or "client_phone_digits" like $16 or "client_phone_digits" like $17) and ("work_state" || '') in ($18)) as named) offset $19) as "tasks" where "work_sort" < $20 and (work_state || '') in ($21, $22) and (strpos("search_text", $23) > 0 or strpos("client_phone_digits", $24) > 0 or strpos("client_phone_digits", $25) = 1 or strpos("client_phone_digits", $26) = 1 or strpos("client_phone_digits", $27) = 1) order by "work_sort", "id" limit $28;
-- ["%912%","%345%","%891%","%123%","%345%","7912345%","8912345%","912345%","new","%912%","%345%","%891%","%123%","%345%","7912345%","8912345%","912345%","in_progress",0,"9","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]

-- «8 912 345»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1, $2, $3) limit $4) as "tasks" where "work_sort" < $5 and (work_state || '') in ($6, $7) and (strpos("search_text", $8) > 0 or strpos("client_phone_digits", $9) > 0 or strpos("client_phone_digits", $10) = 1 or strpos("client_phone_digits", $11) = 1 or strpos("client_phone_digits", $12) = 1) order by "work_sort", "id" limit $13;
-- [3,1,2,3,"9","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]

-- «8 912 345»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2) or ("client_phone_digits" like $3 and "client_phone_digits" like $4 and "client_phone_digits" like $5) or "client_phone_digits" like $6 or "client_phone_digits" like $7 or "client_phone_digits" like $8) and ("work_state" || '') in ($9) union all select id from "tasks" where (("search_text" like $10 and "search_text" like $11) or ("client_phone_digits" like $12 and "client_phone_digits" like $13 and "client_phone_digits" like $14) or "client_phone_digits" like $15 or "client_phone_digits" like $16 or "client_phone_digits" like $17) and ("work_state" || '') in ($18)) as named) offset $19) as "tasks" where "work_sort" < $20 and (work_state || '') in ($21, $22) and (strpos("search_text", $23) > 0 or strpos("client_phone_digits", $24) > 0 or strpos("client_phone_digits", $25) = 1 or strpos("client_phone_digits", $26) = 1 or strpos("client_phone_digits", $27) = 1) order by "work_sort", "id" limit $28;
-- ["%912%","%345%","%891%","%123%","%345%","7912345%","8912345%","912345%","new","%912%","%345%","%891%","%123%","%345%","7912345%","8912345%","912345%","in_progress",0,"9","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]

-- «8 912 345»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (strpos("tasks"."search_text", $1) > 0 or strpos("tasks"."client_phone_digits", $2) > 0 or strpos("tasks"."client_phone_digits", $3) = 1 or strpos("tasks"."client_phone_digits", $4) = 1 or strpos("tasks"."client_phone_digits", $5) = 1) then 1 else 0 end as "matched" from "tasks" where "work_state" in ($6, $7, $8) limit $9) as "head";
-- ["8 912 345","8912345","7912345","8912345","912345","new","in_progress","closed",1000]
select id from (select id from "tasks" where (("search_text" like $1 and "search_text" like $2) or ("client_phone_digits" like $3 and "client_phone_digits" like $4 and "client_phone_digits" like $5) or "client_phone_digits" like $6 or "client_phone_digits" like $7 or "client_phone_digits" like $8)) as candidates limit $9;
-- ["%912%","%345%","%891%","%123%","%345%","7912345%","8912345%","912345%",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in ($1, $2, $3) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «#12»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and ("id" = $6) order by "work_sort", "id" limit $7;
-- ["9",1000,"9","new","in_progress",12,51]
select "work_sort", "id" from "tasks" where "work_sort" < $1 order by "work_sort", "id" limit $2 offset $3;
-- ["9",1,1000]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (select id from (select id from (select 0 as id where 1 = 0) as named union all select $1) as named) offset $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and ("id" = $6) order by "work_sort", "id" limit $7;
-- [12,0,"9","new","in_progress",12,51]

-- «#12»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in ($1, $2, $3) limit $4) as "tasks" where "work_sort" < $5 and (work_state || '') in ($6, $7) and ("id" = $8) order by "work_sort", "id" limit $9;
-- [3,1,2,3,"9","new","in_progress",12,51]

-- «#12»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (select id from (select id from (select 0 as id where 1 = 0) as named union all select $1) as named) offset $2) as "tasks" where "work_sort" < $3 and (work_state || '') in ($4, $5) and ("id" = $6) order by "work_sort", "id" limit $7;
-- [12,0,"9","new","in_progress",12,51]

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
