-- title: Failing tools
-- chart: table
SELECT tool_name, length(c) AS calls, arrayCount(x -> NOT x.2, c) AS failures,
       round(failures / calls, 3) AS failure_rate, round(arrayAvg(x -> x.3, c), 1) AS avg_ms
FROM (
    SELECT tool_name, groupUniqArrayMerge(calls) AS c
    FROM gg_tool_usage
    WHERE hour >= toStartOfHour($__fromTime) AND hour <= $__toTime
    GROUP BY tool_name
)
ORDER BY failures DESC, calls DESC, tool_name
