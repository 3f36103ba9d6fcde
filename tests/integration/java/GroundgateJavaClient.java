// A client of groundgate written against Apache Kafka's own Java client (kafka-clients) with its
// default settings: it subscribes a consumer group to the answer topic, sends one question keyed
// by its session id (the default partitioner: murmur2, the worker's), and prints the answer as
// one JSON line with how long each step took. Run with single-file source launch:
//   java -cp <kafka-clients and its dependencies> GroundgateJavaClient.java BOOTSTRAP PREFIX SESSION QUESTION
import java.time.Duration;
import java.util.List;
import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

public class GroundgateJavaClient {
    public static void main(String[] args) throws Exception {
        String bootstrap = args[0], prefix = args[1], session = args[2], question = args[3];
        Properties consumerProps = new Properties();
        consumerProps.put("bootstrap.servers", bootstrap);
        consumerProps.put("group.id", "java-client-" + session);
        consumerProps.put("key.deserializer", StringDeserializer.class.getName());
        consumerProps.put("value.deserializer", StringDeserializer.class.getName());
        Properties producerProps = new Properties();
        producerProps.put("bootstrap.servers", bootstrap);
        producerProps.put("key.serializer", StringSerializer.class.getName());
        producerProps.put("value.serializer", StringSerializer.class.getName());
        long start = System.nanoTime();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerProps)) {
            consumer.subscribe(List.of(prefix + "composed-answer"));
            // auto.offset.reset is "latest" by default: the group must hold its partitions, and
            // know where they end, before the question goes out, or its answer is skipped.
            while (consumer.assignment().isEmpty()) {
                consumer.poll(Duration.ofMillis(100));
            }
            for (TopicPartition tp : consumer.assignment()) {
                consumer.position(tp);
            }
            long assigned = System.nanoTime();
            String query = "{\"session_id\": \"" + session + "\", \"query\": \"" + question + "\"}";
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps)) {
                producer.send(new ProducerRecord<>(prefix + "query", session, query)).get();
            }
            long sent = System.nanoTime();
            long deadline = sent + Duration.ofSeconds(90).toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                    if (session.equals(r.key()) && r.value().contains("\"AnswerComposed\"")) {
                        System.out.println("{\"assigned_s\": " + seconds(assigned - start) + ", \"answered_s\": "
                                + seconds(System.nanoTime() - sent) + ", \"partition\": " + r.partition()
                                + ", \"answer\": " + r.value() + "}");
                        return;
                    }
                }
            }
        }
        System.err.println("no answer for " + session + " in 90 s");
        System.exit(1);
    }

    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.3f", nanos / 1e9);
    }
}
