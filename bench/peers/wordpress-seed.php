<?php
/**
 * The WordPress side of `npm run bench:peers`, run with PHP's CLI through WordPress's own PHP API
 * (Debian has no wp-cli): installs the site, seeds the posts and the member. Prints one JSON line.
 *
 *   php wordpress-seed.php install <url> <admin password>
 *   php wordpress-seed.php seed <posts.json> [cover image]
 *   php wordpress-seed.php member <login> <password> <display name> <email>
 *
 * The config Debian's wp-config.php loads is named by WORDPRESS_CONFIG (the bench's nginx sets
 * the same for the pages it serves).
 */

$command = $argv[1] ?? '';
$_SERVER['WORDPRESS_CONFIG'] = 'inkwell-bench';
$_SERVER['HTTP_HOST'] = getenv('WP_BENCH_HOST') ?: '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
if ($command === 'install') define('WP_INSTALLING', true);

require_once '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/taxonomy.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/media.php';

function done(array $result): void {
    echo json_encode($result), "\n";
    exit(0);
}

function fail(string $message): void {
    fwrite(STDERR, $message . "\n");
    exit(1);
}

switch ($command) {
    case 'install':
        [, , $url, $password] = $argv;
        if (is_blog_installed()) done(['installed' => false, 'reason' => 'already installed']);
        $result = wp_install('Inkwell bench peer', 'admin', 'admin@example.com', true, '', $password);
        update_option('siteurl', $url);
        update_option('home', $url);
        // Pretty links, as a site owner sets them first (nginx sends unknown paths to index.php).
        update_option('permalink_structure', '/%postname%/');
        flush_rewrite_rules();
        done(['installed' => true, 'user_id' => $result['user_id']]);

    case 'seed':
        [, , $file] = $argv;
        $cover = $argv[3] ?? '';
        $posts = json_decode(file_get_contents($file), true);
        if (!is_array($posts)) fail("$file holds no JSON list of posts");
        wp_defer_term_counting(true);
        wp_suspend_cache_invalidation(true);
        $thumbnail = 0;
        if ($cover !== '') {
            // One cover image, uploaded once and set on every post (its sizes made once).
            $upload = wp_upload_bits(basename($cover), null, file_get_contents($cover));
            if (!empty($upload['error'])) fail('cover upload: ' . $upload['error']);
            $thumbnail = wp_insert_attachment(
                ['post_mime_type' => 'image/jpeg', 'post_title' => 'Cover', 'post_status' => 'inherit'],
                $upload['file']
            );
            wp_update_attachment_metadata($thumbnail, wp_generate_attachment_metadata($thumbnail, $upload['file']));
        }
        $categories = [];
        $created = 0;
        foreach ($posts as $post) {
            $slug = $post['category']['slug'];
            if (!isset($categories[$slug])) {
                $term = term_exists($slug, 'category');
                if (!$term) $term = wp_insert_term($post['category']['label'], 'category', ['slug' => $slug]);
                if (is_wp_error($term)) fail('category ' . $slug . ': ' . $term->get_error_message());
                $categories[$slug] = (int) $term['term_id'];
            }
            $date = gmdate('Y-m-d H:i:s', strtotime($post['publishedAt']));
            $id = wp_insert_post([
                'post_title' => $post['title'],
                'post_name' => $post['slug'],
                'post_content' => $post['html'],
                'post_status' => 'publish',
                'post_author' => 1,
                'post_date' => $date,
                'post_date_gmt' => $date,
                'post_category' => [$categories[$slug]],
                'tags_input' => array_map(fn ($tag) => $tag['label'], $post['tags']),
            ], true);
            if (is_wp_error($id)) fail('post ' . $post['slug'] . ': ' . $id->get_error_message());
            if ($thumbnail) set_post_thumbnail($id, $thumbnail);
            $created++;
        }
        wp_suspend_cache_invalidation(false);
        wp_defer_term_counting(false);
        // The first post the install made ("Hello world!") goes: the blog holds exactly the seed.
        $hello = get_page_by_path('hello-world', OBJECT, 'post');
        if ($hello) wp_delete_post($hello->ID, true);
        done(['posts' => $created, 'total' => (int) wp_count_posts()->publish, 'cover' => $thumbnail]);

    case 'member':
        [, , $login, $password, $name, $email] = $argv;
        $existing = get_user_by('login', $login);
        if ($existing) {
            wp_set_password($password, $existing->ID);
            done(['id' => $existing->ID, 'created' => false]);
        }
        $id = wp_insert_user([
            'user_login' => $login,
            'user_pass' => $password,
            'user_email' => $email,
            'display_name' => $name,
            'first_name' => explode(' ', $name)[0],
            'role' => 'subscriber',
        ]);
        if (is_wp_error($id)) fail('member: ' . $id->get_error_message());
        done(['id' => $id, 'created' => true]);

    default:
        fail('Usage: php wordpress-seed.php install|seed|member ...');
}
