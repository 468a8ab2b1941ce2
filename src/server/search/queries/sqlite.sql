-- «иванов»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < ? order by "work_sort", "id" limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- ["9",1000,"9","new","in_progress","иванов",51]
select "work_sort", "id" from "tasks" where "work_sort" < ? order by "work_sort", "id" limit ? offset ?;
-- ["9",1,1000]
select id from (select rowid as id from "tasks_search" where "tasks_search" match ?) as candidates limit ?;
-- ["((\"ива\" AND \"ано\" AND \"нов\")) AND (\"\u0001n\u0001\" OR \"\u0001i\u0001\")",2501]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where 1 = 0 limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- [0,"9","new","in_progress","иванов",51]

-- «иванов»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (?, ?, ?) limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- [3,1,2,3,"9","new","in_progress","иванов",51]

-- «иванов»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and "id" in (select id from (select rowid as id from "tasks_search" where "tasks_search" match ?) as named) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- ["9","new","in_progress","((\"ива\" AND \"ано\" AND \"нов\")) AND (\"\u0001n\u0001\" OR \"\u0001i\u0001\")","иванов",51]

-- «иванов»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (instr("tasks"."search_text", ?) > 0) then 1 else 0 end as "matched" from "tasks" where "work_state" in (?, ?, ?) limit ?) as "head";
-- ["иванов","new","in_progress","closed",1000]
select id from (select rowid as id from "tasks_search" where "tasks_search" match ?) as candidates limit ?;
-- ["((\"ива\" AND \"ано\" AND \"нов\"))",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in (?, ?, ?) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «иванов петр»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < ? order by "work_sort", "id" limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- ["9",1000,"9","new","in_progress","иванов петр",51]
select "work_sort", "id" from "tasks" where "work_sort" < ? order by "work_sort", "id" limit ? offset ?;
-- ["9",1,1000]
select id from (select rowid as id from "tasks_search" where "tasks_search" match ?) as candidates limit ?;
-- ["((\"ива\" AND \"ано\" AND \"ов \" AND \" пе\" AND \"етр\")) AND (\"\u0001n\u0001\" OR \"\u0001i\u0001\")",2501]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where 1 = 0 limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- [0,"9","new","in_progress","иванов петр",51]

-- «иванов петр»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (?, ?, ?) limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- [3,1,2,3,"9","new","in_progress","иванов петр",51]

-- «иванов петр»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and "id" in (select id from (select rowid as id from "tasks_search" where "tasks_search" match ?) as named) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- ["9","new","in_progress","((\"ива\" AND \"ано\" AND \"ов \" AND \" пе\" AND \"етр\")) AND (\"\u0001n\u0001\" OR \"\u0001i\u0001\")","иванов петр",51]

-- «иванов петр»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (instr("tasks"."search_text", ?) > 0) then 1 else 0 end as "matched" from "tasks" where "work_state" in (?, ?, ?) limit ?) as "head";
-- ["иванов петр","new","in_progress","closed",1000]
select id from (select rowid as id from "tasks_search" where "tasks_search" match ?) as candidates limit ?;
-- ["((\"ива\" AND \"ано\" AND \"ов \" AND \" пе\" AND \"етр\"))",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in (?, ?, ?) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «ив»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < ? order by "work_sort", "id" limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- ["9",1000,"9","new","in_progress","ив",51]
select "work_sort", "id" from "tasks" where "work_sort" < ? order by "work_sort", "id" limit ? offset ?;
-- ["9",1,1000]
select id from (select rowid as id from "tasks_grams" where "tasks_grams" match ?) as candidates limit ?;
-- ["(\"aabpoaabpi\") AND (\"zznewzz\" OR \"zzinprogresszz\")",2501]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where 1 = 0 limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- [0,"9","new","in_progress","ив",51]

-- «ив»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (?, ?, ?) limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- [3,1,2,3,"9","new","in_progress","ив",51]

-- «ив»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and "id" in (select id from (select rowid as id from "tasks_grams" where "tasks_grams" match ?) as named) and (instr("search_text", ?) > 0) order by "work_sort", "id" limit ?;
-- ["9","new","in_progress","(\"aabpoaabpi\") AND (\"zznewzz\" OR \"zzinprogresszz\")","ив",51]

-- «ив»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (instr("tasks"."search_text", ?) > 0) then 1 else 0 end as "matched" from "tasks" where "work_state" in (?, ?, ?) limit ?) as "head";
-- ["ив","new","in_progress","closed",1000]
select id from (select rowid as id from "tasks_grams" where "tasks_grams" match ?) as candidates limit ?;
-- ["(\"aabpoaabpi\")",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in (?, ?, ?) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «8 912 345»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < ? order by "work_sort", "id" limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0 or instr("client_phone_digits", ?) > 0 or instr("client_phone_digits", ?) = 1 or instr("client_phone_digits", ?) = 1 or instr("client_phone_digits", ?) = 1) order by "work_sort", "id" limit ?;
-- ["9",1000,"9","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]
select "work_sort", "id" from "tasks" where "work_sort" < ? order by "work_sort", "id" limit ? offset ?;
-- ["9",1,1000]
select id from (select rowid as id from "tasks_search" where "tasks_search" match ? union all select id from "tasks" indexed by tasks_phone_digits where "client_phone_digits" >= ? and "client_phone_digits" < ? and "work_state" in (?, ?) union all select id from "tasks" indexed by tasks_phone_digits where "client_phone_digits" >= ? and "client_phone_digits" < ? and "work_state" in (?, ?) union all select id from "tasks" indexed by tasks_phone_digits where "client_phone_digits" >= ? and "client_phone_digits" < ? and "work_state" in (?, ?)) as candidates limit ?;
-- ["((\"8 9\" AND \"912\" AND \"2 3\" AND \"345\") OR (\"891\" AND \"123\" AND \"345\")) AND (\"\u0001n\u0001\" OR \"\u0001i\u0001\")","7912345","7912345:","new","in_progress","8912345","8912345:","new","in_progress","912345","912345:","new","in_progress",2501]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where 1 = 0 limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0 or instr("client_phone_digits", ?) > 0 or instr("client_phone_digits", ?) = 1 or instr("client_phone_digits", ?) = 1 or instr("client_phone_digits", ?) = 1) order by "work_sort", "id" limit ?;
-- [0,"9","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]

-- «8 912 345»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (?, ?, ?) limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and (instr("search_text", ?) > 0 or instr("client_phone_digits", ?) > 0 or instr("client_phone_digits", ?) = 1 or instr("client_phone_digits", ?) = 1 or instr("client_phone_digits", ?) = 1) order by "work_sort", "id" limit ?;
-- [3,1,2,3,"9","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]

-- «8 912 345»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and "id" in (select id from (select rowid as id from "tasks_search" where "tasks_search" match ? union all select id from "tasks" indexed by tasks_phone_digits where "client_phone_digits" >= ? and "client_phone_digits" < ? and "work_state" in (?, ?) union all select id from "tasks" indexed by tasks_phone_digits where "client_phone_digits" >= ? and "client_phone_digits" < ? and "work_state" in (?, ?) union all select id from "tasks" indexed by tasks_phone_digits where "client_phone_digits" >= ? and "client_phone_digits" < ? and "work_state" in (?, ?)) as named) and (instr("search_text", ?) > 0 or instr("client_phone_digits", ?) > 0 or instr("client_phone_digits", ?) = 1 or instr("client_phone_digits", ?) = 1 or instr("client_phone_digits", ?) = 1) order by "work_sort", "id" limit ?;
-- ["9","new","in_progress","((\"8 9\" AND \"912\" AND \"2 3\" AND \"345\") OR (\"891\" AND \"123\" AND \"345\")) AND (\"\u0001n\u0001\" OR \"\u0001i\u0001\")","7912345","7912345:","new","in_progress","8912345","8912345:","new","in_progress","912345","912345:","new","in_progress","8 912 345","8912345","7912345","8912345","912345",51]

-- «8 912 345»: the counts, up to 1,001 a state
select count(*) as "rows", coalesce(sum(matched), 0) as "matches" from (select case when (instr("tasks"."search_text", ?) > 0 or instr("tasks"."client_phone_digits", ?) > 0 or instr("tasks"."client_phone_digits", ?) = 1 or instr("tasks"."client_phone_digits", ?) = 1 or instr("tasks"."client_phone_digits", ?) = 1) then 1 else 0 end as "matched" from "tasks" where "work_state" in (?, ?, ?) limit ?) as "head";
-- ["8 912 345","8912345","7912345","8912345","912345","new","in_progress","closed",1000]
select id from (select rowid as id from "tasks_search" where "tasks_search" match ? union all select id from "tasks" indexed by tasks_phone_digits where "client_phone_digits" >= ? and "client_phone_digits" < ? union all select id from "tasks" indexed by tasks_phone_digits where "client_phone_digits" >= ? and "client_phone_digits" < ? union all select id from "tasks" indexed by tasks_phone_digits where "client_phone_digits" >= ? and "client_phone_digits" < ?) as candidates limit ?;
-- ["((\"8 9\" AND \"912\" AND \"2 3\" AND \"345\") OR (\"891\" AND \"123\" AND \"345\"))","7912345","7912345:","8912345","8912345:","912345","912345:",2501]
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where 1 = 0 and (work_state || '') in (?, ?, ?) group by (work_state || '');
-- ["new","in_progress","closed"]

-- «#12»: the worklist's open tasks, road search
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where "work_sort" < ? order by "work_sort", "id" limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and ("id" = ?) order by "work_sort", "id" limit ?;
-- ["9",1000,"9","new","in_progress",12,51]
select "work_sort", "id" from "tasks" where "work_sort" < ? order by "work_sort", "id" limit ? offset ?;
-- ["9",1,1000]
select id from () as candidates limit ?;
-- [2501]
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (?) limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and ("id" = ?) order by "work_sort", "id" limit ?;
-- [12,1,"9","new","in_progress",12,51]

-- «#12»: the worklist's open tasks, road ids
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from (select * from "tasks" where id in (?, ?, ?) limit ?) as "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and ("id" = ?) order by "work_sort", "id" limit ?;
-- [3,1,2,3,"9","new","in_progress",12,51]

-- «#12»: the worklist's open tasks, road index
select 'task' as "kind", 1 as "kind_rank", "id", "title", "client_id", "client_name", (select "clients"."phone" from "clients" where "clients"."id" = "tasks"."client_id") as "client_phone", '' as "device", "assignee_id", "assignee_name", "status", 'pvz' as "intake", null as "status_since", cast(null as integer) as "stage_id", null as "stage_since", cast(0 as bigint) as "balance", "delivery_provider", null as "return_provider", "due_date", "created_at", "closed_at", "work_sort", "version" from "tasks" where "work_sort" < ? and (work_state || '') in (?, ?) and "id" in (select id from (select id from (select 0 as id where 1 = 0) as named union all select ?) as named) and ("id" = ?) order by "work_sort", "id" limit ?;
-- ["9","new","in_progress",12,12,51]

-- «#12»: the counts, up to 1,001 a state
select (work_state || '') as "work_state", count(*) as "n" from "tasks" where "id" in (?) and ("id" = ?) and (work_state || '') in (?, ?, ?) group by (work_state || '');
-- [12,12,"new","in_progress","closed"]

-- «иванов»: the ticket list
select "tickets"."created_at" as "created_at", "tickets"."id" as "id" from "tickets" left join "clients" on "clients"."id" = "tickets"."client_id" where coalesce("tickets"."deleted_at", '') = '' order by "tickets"."created_at" desc, "tickets"."id" desc limit ? offset ?;
-- [1,999]
select "tickets".*, "clients"."phone" as "client_phone", "clients"."whatsapp_url" as "client_whatsapp_url", "clients"."deleted_at" as "client_deleted_at" from "tickets" left join "clients" on "clients"."id" = "tickets"."client_id" where coalesce("tickets"."deleted_at", '') = '' and (instr("tickets"."search_text", ?) > 0) and ("tickets"."created_at", "tickets"."id") >= (?, ?) order by "tickets"."created_at" desc, "tickets"."id" desc limit ?;
-- ["иванов",null,1,51]
select id from (select rowid as id from "tickets_search" where "tickets_search" match ?) as candidates limit ?;
-- ["((\"ива\" AND \"ано\" AND \"нов\"))",2501]
select "tickets".*, "clients"."phone" as "client_phone", "clients"."whatsapp_url" as "client_whatsapp_url", "clients"."deleted_at" as "client_deleted_at" from "tickets" left join "clients" on "clients"."id" = "tickets"."client_id" where coalesce("tickets"."deleted_at", '') = '' and 1 = 0 order by "tickets"."created_at" desc, "tickets"."id" desc limit ?;
-- [51]
